package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;


/**
 * Every corpus file, damaged {@link #CASES_PER_FILE} ways ({@link HostileMutations}, seeded: a failure names its
 * seed and repeats), is fed to the reader for its kind. Whatever the damage, the reader returns or throws an
 * {@link InputProblem} whose message is one short line naming the file, within {@link #PER_CALL}.
 */
class HostileInputFuzzTest {

    static final Path CORPUS = Path.of("src/test/resources/corpus");

    /** 25 cases x 59 files: about 1,500 calls, a few seconds on two slow cores. */
    private static final int CASES_PER_FILE = 25;

    private static final Duration PER_CALL = Duration.ofSeconds(5);

    private static final int MAX_LINE = 300;

    /** Reads one file of a kind; any outcome but an {@link InputProblem} is a failure. */
    @FunctionalInterface
    interface Reader {
        void read(Path file) throws InputProblem;
    }

    /**
     * The reader for each kind of file, by the file's path under the corpus (first match wins). A new reader is one
     * line here.
     */
    static final Map<Pattern, Reader> READERS = new LinkedHashMap<>();

    static {
        READERS.put(Pattern.compile("(client_state/.*|emulator/.*client_state.*)\\.xml"), f -> {
            ClientStateDocument.read(f);
            new ScenarioReader().read(f);
        });
        READERS.put(Pattern.compile("sched/.*-request-.*\\.xml"), f -> {
            String xml = XmlInput.readText(f);
            SchedulerRequestXml.readWork(f, xml);
            SchedulerRequestXml.read(f, xml, "http://project.example/", "http://project.example/cgi", 1e9);
        });
        READERS.put(Pattern.compile("sched/.*-reply-.*\\.xml"), f -> SchedulerReplyXml.read(f, XmlInput.readText(f)));
        READERS.put(Pattern.compile("(prefs/.*global_prefs.*|emulator/sim_prefs)\\.xml"),
                f -> new GlobalPrefsReader().read(f.resolveSibling("none.xml"), f));
        READERS.put(Pattern.compile("prefs/.*cc_config.*\\.xml"), f -> new CcConfigReader().read(f));
        READERS.put(Pattern.compile("prefs/.*app_config.*\\.xml"), f -> new AppConfigReader().read(f));
        READERS.put(Pattern.compile("coproc/.*\\.xml"), f -> new CoprocInfoReader().read(f));
        READERS.put(Pattern.compile(".*\\.xml"), HostileInputFuzzTest::readAnyXml);
    }

    @TempDir
    Path tmp;

    /** The safe parse every reader starts with, read to the end: for kinds with no reader of their own. */
    private static void readAnyXml(Path f) throws InputProblem {
        new XmlInput().parse(f, r -> {
            while (r.hasNext()) {
                r.next();
            }
            return null;
        });
    }

    static Stream<String> corpusFiles() throws IOException {
        try (Stream<Path> files = Files.walk(CORPUS)) {
            return files.filter(p -> p.toString().endsWith(".xml")).map(p -> CORPUS.relativize(p).toString()
                    .replace('\\', '/')).sorted().toList().stream();
        }
    }

    static Reader readerFor(String corpusPath) {
        return READERS.entrySet().stream().filter(e -> e.getKey().matcher(corpusPath).matches()).findFirst()
                .orElseThrow().getValue();
    }

    @ParameterizedTest
    @MethodSource("corpusFiles")
    void damagedFilesGiveAOneLineProblemOrAResult(String corpusPath) throws Exception {
        byte[] original = Files.readAllBytes(CORPUS.resolve(corpusPath));
        Reader reader = readerFor(corpusPath);
        Path file = tmp.resolve(Path.of(corpusPath).getFileName().toString());
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < CASES_PER_FILE; i++) {
            long seed = corpusPath.hashCode() * 1_000L + i;
            Random rnd = new Random(seed);
            HostileMutations.Mutation m = HostileMutations.ALL.get(rnd.nextInt(HostileMutations.ALL.size()));
            Files.write(file, m.apply().apply(original, rnd));
            String failure = outcome(reader, file);
            if (failure != null) {
                failures.add(m.name() + " (seed " + seed + "): " + failure);
            }
        }
        assertTrue(failures.isEmpty(), corpusPath + ": " + failures.size() + " failures\n"
                + String.join("\n", failures));
    }

    /** Null if the reader behaved, else what went wrong. */
    static String outcome(Reader reader, Path file) {
        try {
            InputProblem p = assertTimeoutPreemptively(PER_CALL, () -> {
                try {
                    reader.read(file);
                    return null;
                } catch (InputProblem e) {
                    return e;
                }
            });
            return p == null ? null : badMessage(p, file);
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            return trace.toString().lines().limit(6).reduce((a, b) -> a + "\n    " + b).orElse("");
        }
    }

    /** Null if the problem is one short line naming the file, else what is wrong with it. */
    static String badMessage(InputProblem p, Path file) {
        String line = p.oneLine();
        if (line.contains("\n") || line.contains("\r")) {
            return "not one line: " + line;
        }
        if (!line.contains(file.getFileName().toString())) {
            return "does not name the file: " + line;
        }
        if (line.length() >= MAX_LINE) {
            return line.length() + " characters: " + line;
        }
        return null;
    }
}
