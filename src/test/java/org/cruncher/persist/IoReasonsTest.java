package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import org.junit.jupiter.api.Test;

/** A file exception's cause in words, not its path again. */
class IoReasonsTest {

    @Test
    void theTypeOfTheExceptionBecomesItsCause() {
        assertEquals("no such file or folder", IoReasons.of(new NoSuchFileException("/proc/nope")));
        assertEquals("permission denied", IoReasons.of(new AccessDeniedException("/root/x")));
        assertEquals("a file is in the way", IoReasons.of(new FileAlreadyExistsException("/tmp/x")));
    }

    @Test
    void otherwiseTheReasonOrTheMessage() {
        assertEquals("not a directory", IoReasons.of(new FileSystemException("/tmp/f/run", null, "Not a directory")));
        assertEquals("disk full", IoReasons.of(new IOException("disk full")));
    }
}
