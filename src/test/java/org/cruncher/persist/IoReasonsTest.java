package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
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

    /**
     * A path typed under a locale that cannot write its characters (LC_ALL=C: "ü" reads as "??") says so and what to
     * do, in one line; QA saw Java's "Malformed input or input contains unmappable characters". Another reason is
     * given as it is.
     */
    @Test
    void aPathTheLocaleCannotWriteSaysWhatToDo() {
        String said = IoReasons.unusablePath(new InvalidPathException("/tmp/??/sc ??",
                "Malformed input or input contains unmappable characters"));
        assertTrue(said.startsWith("cannot use the path /tmp/??/sc ??: it has characters this system's locale cannot "
                + "write"), said);
        assertTrue(said.endsWith("; start Cruncher with a UTF-8 locale, such as LC_ALL=C.UTF-8"), said);
        assertEquals("cannot use the path a\\0b: nul character not allowed",
                IoReasons.unusablePath(new InvalidPathException("a\0b", "Nul character not allowed")));
    }
}
