package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files replaced in one step keep their permissions, and new ones get what any new file gets there. */
class AtomicFileWriteTest {

    @TempDir
    Path dir;

    /**
     * An exported event log was created readable by its owner only (rw-------), the temporary file's mode, where a
     * file any program creates there is readable by others as the umask allows (QA): it gets a plain new file's.
     */
    @Test
    void aNewFileGetsThePermissionsOfAnyNewFileThere() throws Exception {
        assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null, "POSIX file system");
        Path plain = Files.createFile(dir.resolve("plain.txt"));

        Path written = dir.resolve("events.tsv");
        AtomicFileWrite.replace(written, "a\tb\n".getBytes(StandardCharsets.UTF_8));

        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
        assertEquals("a\tb\n", Files.readString(written));
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws Exception {
        assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null, "POSIX file system");
        Path file = Files.writeString(dir.resolve("client_state.xml"), "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        AtomicFileWrite.replace(file, "new".getBytes(StandardCharsets.UTF_8));

        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("new", Files.readString(file));
        try (var left = Files.list(dir)) {
            assertEquals(1, left.count(), "no temporary file left");
        }
    }
}
