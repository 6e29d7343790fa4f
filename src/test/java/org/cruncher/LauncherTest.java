package org.cruncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class LauncherTest {

    @Test
    void subcommandRunsHeadlessWithoutLoadingAnyJavaFxClass() throws Exception {
        // A separate JVM with -verbose:class lists every class it loads; none may come from javafx.
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-verbose:class", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName(),
                "emulate", "src/test/resources/scenarios/seed-75-25", "--days", "1", "--json")
                .redirectErrorStream(true).start();
        String output = read(p);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the emulation must end");

        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("\"simulated_days\""), "it emulated");
        List<String> fx = output.lines().filter(l -> l.contains("javafx.") || l.contains("com.sun.javafx")).toList();
        assertFalse(output.lines().noneMatch(l -> l.contains("org.cruncher.engine.Engine ")),
                "class loading is logged");
        assertEquals(List.of(), fx);
    }

    @Test
    void serveProjectRunsHeadlessWithoutLoadingAnyJavaFxClass() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-verbose:class", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName(),
                "serve-project", "--port", "0")
                .redirectErrorStream(true).start();
        CompletableFuture.delayedExecutor(60, TimeUnit.SECONDS).execute(p::destroyForcibly);
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null && !line.startsWith("Serving ")) {
                lines.add(line);
            }
            assertTrue(line != null && line.matches("Serving Loopback Project at http://127\\.0\\.0\\.1:\\d+/"
                    + " \\(mode up\\)"), "it serves: " + line + " after " + lines.size() + " lines");
            p.destroy();
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "it stops when asked");

        assertTrue(lines.stream().anyMatch(l -> l.contains("org.cruncher.server.ProjectServer ")),
                "class loading is logged");
        assertEquals(List.of(), lines.stream().filter(l -> l.contains("javafx.") || l.contains("com.sun.javafx"))
                .toList());
    }

    /** The window's options are checked before JavaFX starts: a bad one is one line and exit code 2. */
    @Test
    void aBadWindowOptionIsOneLineAndExitCodeTwo() throws Exception {
        Process p = window("--speed", "bogus");
        String output = read(p);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));

        assertEquals(2, p.exitValue(), output);
        assertEquals(1, output.lines().count(), output);
        assertTrue(output.startsWith("cruncher: "), output);
    }

    /** Without a display, the window says so in one line rather than with the toolkit's stack trace. */
    @Test
    void noDisplayIsOneLine() throws Exception {
        Process p = window("--paused", "--data-dir", Path.of("target", "no-display-test").toString());
        String output = read(p);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));

        assertEquals(2, p.exitValue(), output);
        assertEquals(List.of("cruncher: no display to open the window on (DISPLAY is not set): start it on a desktop "
                + "or under xvfb-run, or run a command such as emulate (cruncher --help)"), output.lines().toList());
    }

    /** The window, started as a volunteer's shell would on a Linux host without a display. */
    private static Process window(String... options) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Dos.name=Linux", "-cp",
                System.getProperty("java.class.path"), Launcher.class.getName()));
        command.addAll(List.of(options));
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
        b.environment().remove("DISPLAY");
        b.environment().remove("WAYLAND_DISPLAY");
        return b.start();
    }

    private static String read(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
