package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A second Cruncher on a data folder is refused while the first holds it, and let in once the first is gone. */
class DataFolderLockTest {

    @TempDir
    Path dir;

    @Test
    void aSecondHolderIsRefusedUntilTheFirstLetsGo() throws Exception {
        Optional<DataFolderLock> first = DataFolderLock.acquire(dir.resolve("data"));
        assertTrue(first.isPresent());
        assertTrue(first.get().isValid());

        assertTrue(DataFolderLock.acquire(dir.resolve("data")).isEmpty(), "held by the first");
        Optional<DataFolderLock> other = DataFolderLock.acquire(dir.resolve("other"));
        assertTrue(other.isPresent(), "another folder is free");
        other.get().close();

        first.get().close();
        assertFalse(first.get().isValid());
        Optional<DataFolderLock> again = DataFolderLock.acquire(dir.resolve("data"));
        assertTrue(again.isPresent(), "free once the first let go");
        again.get().close();
    }
}
