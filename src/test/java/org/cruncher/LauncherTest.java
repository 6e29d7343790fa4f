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

    private static String read(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
