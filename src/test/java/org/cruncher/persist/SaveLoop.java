package org.cruncher.persist;

import java.nio.file.Path;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;

/**
 * The child process of {@link StateStoreCrashTest}: emulates the seeds' 75/25 case and saves its state after every
 * emulated hour, as fast as it can, until it is killed. Prints "saved" once the first state is on disk.
 */
public final class SaveLoop {

    private SaveLoop() {
    }

    public static void main(String[] args) throws Exception {
        StateStore store = new StateStore(Path.of(args[0]));
        Scenario scenario = new ScenarioReader().read(Path.of(args[1]));
        Emulation emulation = new Emulation(scenario, 3, e -> { });
        boolean told = false;
        while (true) {
            emulation.advanceTo(emulation.now() + 3600);
            store.save(ClientStateWriter.write(emulation.checkpoint(), args[1]));
            if (!told) {
                System.out.println("saved");
                System.out.flush();
                told = true;
            }
        }
    }
}
