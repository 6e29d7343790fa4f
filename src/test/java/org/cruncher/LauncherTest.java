package org.cruncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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

    private static String read(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
