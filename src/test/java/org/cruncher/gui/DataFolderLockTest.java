package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.Launcher;

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

    /**
     * A screenshot run on a data folder another Cruncher holds says so in one line and ends with exit code 2: it
     * opened a dialog nobody was there to close, and waited for ever (QA).
     */
    @Test
    void aScreenshotOnAFolderInUseEndsWithExitCodeTwo() throws Exception {
        Path data = dir.resolve("data");
        try (DataFolderLock held = DataFolderLock.acquire(data).orElseThrow()) {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> command = List.of(java.toString(), "-Dprism.order=sw", "-Dglass.platform=Monocle",
                    "-Dmonocle.platform=Headless", "-cp", System.getProperty("java.class.path"),
                    Launcher.class.getName(), "--data-dir", data.toString(), "--screenshot",
                    dir.resolve("shot.png").toString(), "--after", "1");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            CompletableFuture.delayedExecutor(90, TimeUnit.SECONDS).execute(p::destroyForcibly);
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(90, TimeUnit.SECONDS));

            assertEquals(2, p.exitValue(), output);
            assertTrue(output.lines().anyMatch(l -> l.equals("cruncher: Another Cruncher is running on the data "
                    + "folder " + data + ". Close it first, or start this one with --data-dir set to another folder.")),
                    output);
            assertFalse(Files.exists(dir.resolve("shot.png")));
        }
    }
}
