package org.cruncher.persist;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replaces a file so that a crash leaves either the old or the new content, never a mix: the new content goes to a
 * temporary file in the same folder, is forced to the disk, and is then renamed over the file in one step.
 */
public final class AtomicFileWrite {

    private AtomicFileWrite() {
    }

    /**
     * {@code file} replaced by {@code content}; an existing file's POSIX permissions are kept, and a new file gets
     * those any program's new file gets there (a temporary file's, owner only, kept an exported log from others).
     */
    public static void replace(Path file, byte[] content) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Path temp = Files.createFile(dir.resolve("." + target.getFileName() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp"));
        try {
            writeSynced(temp, content);
            keepPermissions(target, temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        forceFolder(dir);
    }

    /** Writes {@code content} to {@code file} (created or truncated) and forces it to the disk. */
    static void writeSynced(Path file, byte[] content) throws IOException {
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        }
    }

    private static void keepPermissions(Path from, Path to) throws IOException {
        PosixFileAttributeView old = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (old != null && Files.exists(from)) {
            Files.getFileAttributeView(to, PosixFileAttributeView.class)
                    .setPermissions(old.readAttributes().permissions());
        }
    }

    /** Makes the rename itself durable where folders can be opened (not on Windows, where it is not needed). */
    static void forceFolder(Path dir) {
        try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
            folder.force(true);
        } catch (IOException e) {
            // a folder that cannot be opened as a channel (Windows) needs no forcing for the rename to last
        }
    }
}
