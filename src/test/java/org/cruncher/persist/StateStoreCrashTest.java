package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: a child JVM saves its state in a loop and is killed with SIGKILL at random moments; after every
 * kill the store loads a complete state (the current one, or the previous one if the kill fell between the two
 * renames), never a torn one. 20 kills by default; {@code mvn verify -Pcrash-soak} runs 200.
 */
class StateStoreCrashTest {

    private static final String SCENARIO = Path.of("src/test/resources/scenarios/seed-75-25").toAbsolutePath()
            .toString();

    @TempDir
    Path dir;

    @Test
    void everyRestartAfterSigkillLoadsACompleteState() throws Exception {
        int kills = Integer.getInteger("cruncher.crashKills", 20);
        Random random = new Random(20261121);
        double start = new ScenarioReader().read(Path.of(SCENARIO)).startTime();
        for (int i = 0; i < kills; i++) {
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), SaveLoop.class.getName(), dir.toString(), SCENARIO)
                    .redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line = out.readLine();
                assertEquals("saved", line, "the child saved its first state");
                Thread.sleep(random.nextInt(200));
                child.destroyForcibly();
                assertTrue(child.waitFor(10, TimeUnit.SECONDS), "the child died");
            }

            Optional<StateStore.Loaded> loaded = new StateStore(dir).load();

            assertTrue(loaded.isPresent(), "kill " + i + ": a state is there");
            StateStore.Loaded l = loaded.get();
            assertEquals(2, l.scenario().initialState().projects().size(), "kill " + i + ": both projects");
            assertEquals(SCENARIO, l.state().openedFrom(), "kill " + i + ": the header is complete");
            double hours = (l.scenario().startTime() - start) / 3600;
            assertTrue(hours >= 1 && hours == Math.rint(hours),
                    "kill " + i + ": the state is one the child saved (after a whole number of hours), not " + hours);
        }
    }
}
