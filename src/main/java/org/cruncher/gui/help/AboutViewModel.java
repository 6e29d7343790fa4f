package org.cruncher.gui.help;

import java.nio.file.Path;

import org.cruncher.Release;

/** What Help > About says: the release, what Cruncher is, what it runs on and where it keeps the volunteer's data. */
public final class AboutViewModel {

    static final String SUMMARY = "A desktop manager for volunteer computing. It runs a BOINC-style scheduler under "
            + "an emulator, on a demo of this computer or on your own client's state, and shows what the scheduler "
            + "decides and why.";
    static final String DESIGN = "The scheduler follows BOINC's client design documents: result preemption with "
            + "debt, CPU scheduling and work fetch, scheduler RPC timing and backoff, work fetch with GPUs, and "
            + "client disk space management.";
    static final String CREDITS = "Built with JavaFX, ControlsFX, Jackson, OSHI and picocli.";

    private final Path dataDir;

    /** @param dataDir where Cruncher keeps its state, preferences and samples */
    public AboutViewModel(Path dataDir) {
        this.dataDir = dataDir.toAbsolutePath().normalize();
    }

    /** "Cruncher 0.1.0". */
    public String title() {
        return Release.NAME;
    }

    public String summary() {
        return SUMMARY;
    }

    public String design() {
        return DESIGN;
    }

    public String credits() {
        return CREDITS;
    }

    /** "Java 17.0.15 (Eclipse Adoptium), JavaFX 21.0.12, Linux amd64". */
    public String runtime() {
        String javaFx = System.getProperty("javafx.runtime.version", "");
        return "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
                + (javaFx.isEmpty() ? "" : ", JavaFX " + javaFx) + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch");
    }

    /** The data folder, absolute: the state, the preferences edited here, the samples' copies. */
    public String dataFolder() {
        return dataDir.toString();
    }
}
