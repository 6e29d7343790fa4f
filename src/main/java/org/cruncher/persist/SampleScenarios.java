package org.cruncher.persist;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The sample scenarios that come inside Cruncher (the repository's assets/scenarios, packed into the jar), as listed
 * by their catalogue {@code samples.txt}: one line per sample, {@code folder | title | what to watch}. A sample is
 * opened from a copy in the user's data folder, so that it is a real folder the volunteer can find, change and reopen.
 */
public final class SampleScenarios {

    /** A sample: its folder name, a title for the menu and, in a few words, what to watch in it. */
    public record Sample(String folder, String title, String about) {
    }

    private static final String ROOT = "/org/cruncher/samples/";
    private static final Pattern FOLDER = Pattern.compile("[a-z0-9][a-z0-9-]*");
    /** The files a scenario folder may hold; client_state.xml is required. */
    private static final List<String> FILES = List.of("client_state.xml", "global_prefs.xml",
            "global_prefs_override.xml", "cc_config.xml");

    private SampleScenarios() {
    }

    /**
     * The sample a state was opened from, if {@code openedFrom} (a folder or its client_state.xml) is a sample's copy
     * in {@code samplesDir}: a restored sample says again what to watch in it.
     */
    public static Optional<Sample> openedFrom(String openedFrom, Path samplesDir) {
        if (openedFrom == null || openedFrom.isBlank()) {
            return Optional.empty();
        }
        Path p;
        try {
            p = Path.of(openedFrom).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        Path folder = p.getFileName() != null && p.getFileName().toString().equals("client_state.xml")
                ? p.getParent() : p;
        Path samples = samplesDir.toAbsolutePath().normalize();
        return list().stream().filter(s -> samples.resolve(s.folder()).equals(folder)).findFirst();
    }

    /** The samples in catalogue order. */
    public static List<Sample> list() {
        try (InputStream in = SampleScenarios.class.getResourceAsStream(ROOT + "samples.txt")) {
            if (in == null) {
                throw new IllegalStateException("the sample catalogue " + ROOT + "samples.txt is missing from the jar");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the catalogue's lines; comments (#) and blank lines are skipped, a malformed line is an error. */
    static List<Sample> parse(List<String> lines) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\|", -1);
            if (parts.length != 3 || !FOLDER.matcher(parts[0].strip()).matches() || parts[1].isBlank()) {
                throw new IllegalStateException("samples.txt:" + (i + 1)
                        + ": expected 'folder | title | what to watch', with a folder of lower-case letters, digits"
                        + " and dashes");
            }
            samples.add(new Sample(parts[0].strip(), parts[1].strip(), parts[2].strip()));
        }
        return List.copyOf(samples);
    }

    /**
     * Copies {@code sample} to {@code samplesDir/FOLDER} (its files as shipped, replacing any earlier copy of them) and
     * returns that folder, ready to open.
     */
    public static Path copyTo(Sample sample, Path samplesDir) throws IOException {
        Path folder = samplesDir.resolve(sample.folder());
        Files.createDirectories(folder);
        int copied = 0;
        for (String name : FILES) {
            try (InputStream in = SampleScenarios.class.getResourceAsStream(ROOT + sample.folder() + "/" + name)) {
                if (in != null) {
                    Files.copy(in, folder.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    copied++;
                }
            }
        }
        if (copied == 0 || !Files.isRegularFile(folder.resolve("client_state.xml"))) {
            throw new IOException("the sample " + sample.folder() + " has no client_state.xml in the jar");
        }
        return folder;
    }
}
