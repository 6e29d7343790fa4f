package org.cruncher.gui;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * One Cruncher at a time on a data folder: a second one started on it (Ctrl+Q not taken while the first was busy, a
 * double-click too many) restored an older save while the first still wrote its own, and each overwrote the other's.
 * The lock is the operating system's on {@code DATA/.lock}, so it goes with the process however it ends.
 */
final class DataFolderLock implements AutoCloseable {

    static final String FILE = ".lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataFolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * The lock on {@code dataDir}, or empty if another Cruncher holds it.
     *
     * @throws IOException the folder or its lock file cannot be made (a read-only place)
     */
    static Optional<DataFolderLock> acquire(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        FileChannel channel = FileChannel.open(dataDir.resolve(FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return Optional.of(new DataFolderLock(channel, lock));
            }
        } catch (OverlappingFileLockException heldInThisProcess) {
            // Another window of this process holds it: as taken as by another process.
        }
        channel.close();
        return Optional.empty();
    }

    /** Releases the lock (closing its channel releases it, and the process's end does too). */
    @Override
    public void close() throws IOException {
        channel.close();
    }

    boolean isValid() {
        return lock.isValid();
    }
}
