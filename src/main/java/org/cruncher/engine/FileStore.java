package org.cruncher.engine;

import org.cruncher.engine.model.FileInfo;

/**
 * Where the projects' files live. The engine decides which files exist and which go; the store makes it so: the
 * emulator's store only counts sizes, a real one writes and deletes files in a data directory. Calls come on the
 * engine thread; a store may throw an unchecked exception, which the engine reports and survives.
 */
public interface FileStore {

    /** A store that keeps nothing: the file table alone says what exists. */
    FileStore NONE = new FileStore() {
        @Override
        public void create(FileInfo file) {
        }

        @Override
        public void delete(FileInfo file) {
        }
    };

    /** {@code file} is now on the disk: downloaded, or written by its job. */
    void create(FileInfo file);

    /** {@code file} is to be gone. */
    void delete(FileInfo file);
}
