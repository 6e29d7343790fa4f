package org.cruncher.persist;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;

import org.cruncher.engine.FileStore;
import org.cruncher.engine.model.FileInfo;

/**
 * Project files in a real data directory, laid out as BOINC lays them out: {@code DATA/projects/PROJECT/NAME}, where
 * PROJECT is the project's URL without its scheme, every character other than a letter, digit, '.', '-' or '_'
 * made '_', and trailing '_'s dropped ({@code http://einstein.phys.uwm.edu/} becomes {@code einstein.phys.uwm.edu}).
 * A file is created at its full size (sparse where the file system allows: its content is the project's business,
 * not the scheduler's) and deleted when the engine says so.
 *
 * <p>Nothing outside the data directory is ever touched: a name that is not {@link FileInfo#isSafeName safe} (a
 * path separator, "..", a control character), a path that would resolve outside the project's folder, or a project
 * folder or data directory that is a symbolic link is refused with an {@link IllegalArgumentException}, which the
 * engine reports as a disk error. I/O failures come as {@link UncheckedIOException}s.
 */
public final class DirectoryFileStore implements FileStore {

    private final Path root;
    private final Path projects;

    /** A store in {@code dataDir}, created if it does not exist. */
    public DirectoryFileStore(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
            this.root = dataDir.toRealPath();
            this.projects = root.resolve("projects");
            Files.createDirectories(projects);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use " + dataDir + " as the data directory: " + e.getMessage(), e);
        }
        requireOwnDirectory(projects);
    }

    /** The data directory. */
    public Path root() {
        return root;
    }

    /** The folder of the project at {@code projectUrl}. */
    public Path projectFolder(String projectUrl) {
        return projects.resolve(folderName(projectUrl));
    }

    /** Where {@code file} lives; refuses a file that could be anywhere but its project's folder. */
    public Path pathOf(FileInfo file) {
        if (!FileInfo.isSafeName(file.name())) {
            throw new IllegalArgumentException("refused file name '" + file.name() + "' of " + file.projectUrl()
                    + ": it could reach outside the project's folder");
        }
        Path folder = projectFolder(file.projectUrl());
        Path path = folder.resolve(file.name()).normalize();
        if (!path.getParent().equals(folder)) {
            throw new IllegalArgumentException("refused file name '" + file.name() + "': it resolves outside "
                    + folder);
        }
        return path;
    }

    @Override
    public void create(FileInfo file) {
        Path path = pathOf(file);
        try {
            Files.createDirectories(path.getParent());
            requireOwnDirectory(path.getParent());
            if (Files.isSymbolicLink(path)) {
                throw new IllegalArgumentException("refused to write " + path + ": it is a symbolic link");
            }
            try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
                f.setLength(file.nbytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(FileInfo file) {
        Path path = pathOf(file);
        if (!Files.exists(path.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        requireOwnDirectory(path.getParent());
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
        }
    }

    /** BOINC's escape_project_url: the URL without its scheme, unsafe characters made '_', no trailing '_'. */
    static String folderName(String projectUrl) {
        String s = projectUrl.strip();
        int scheme = s.indexOf("://");
        if (scheme >= 0) {
            s = s.substring(scheme + 3);
        }
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_');
            b.append(plain ? c : '_');
        }
        String name = b.toString().replaceAll("_+$", "");
        if (name.isEmpty() || name.chars().allMatch(c -> c == '.')) {
            name = "project_" + Integer.toHexString(projectUrl.hashCode()).toLowerCase(Locale.ROOT);
        }
        return name;
    }

    /** Refuses a directory that is a symbolic link or whose real location is outside the data directory. */
    private void requireOwnDirectory(Path dir) {
        try {
            if (Files.isSymbolicLink(dir) || !dir.toRealPath().startsWith(root)) {
                throw new IllegalArgumentException("refused to use " + dir + ": it leads outside " + root);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check " + dir + ": " + e.getMessage(), e);
        }
    }
}
