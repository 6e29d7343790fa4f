package org.cruncher.emulator;

import java.util.HashMap;
import java.util.Map;

import org.cruncher.engine.FileStore;
import org.cruncher.engine.model.FileInfo;

/**
 * The emulator's file store: files have sizes and nothing else. It keeps what is on the emulated disk, refuses to
 * create a file twice or delete one it does not hold (either would be an engine bug), and counts bytes moved.
 */
final class EmulatedFileStore implements FileStore {

    private final Map<String, Double> sizes = new HashMap<>();
    private double bytesStored;
    private double bytesWritten;
    private double bytesDeleted;

    @Override
    public void create(FileInfo file) {
        if (sizes.putIfAbsent(key(file), (double) file.nbytes()) != null) {
            throw new IllegalStateException(file.name() + " of " + file.projectUrl() + " is already stored");
        }
        bytesStored += file.nbytes();
        bytesWritten += file.nbytes();
    }

    @Override
    public void delete(FileInfo file) {
        Double size = sizes.remove(key(file));
        if (size != null) {
            bytesStored -= size;
            bytesDeleted += size;
        }
    }

    /** Bytes of all files on the emulated disk now. */
    double bytesStored() {
        return bytesStored;
    }

    double bytesWritten() {
        return bytesWritten;
    }

    double bytesDeleted() {
        return bytesDeleted;
    }

    private static String key(FileInfo file) {
        return file.projectUrl() + '\n' + file.name();
    }
}
