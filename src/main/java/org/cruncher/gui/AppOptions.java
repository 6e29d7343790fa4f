package org.cruncher.gui;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.PlainNumber;
import org.cruncher.persist.IoReasons;

/**
 * The manager's command-line options: {@code --screenshot FILE [--after SECONDS] [--pane NAME]},
 * {@code --scenario PATH}, {@code --data-dir DIR}, {@code --speed SPEED}, {@code --paused}, {@code --stats}.
 *
 * @param screenshot write the window to this PNG and exit (empty: run normally)
 * @param after      seconds to run before the screenshot
 * @param pane       the pane to show: tasks, projects, timeline, work-fetch, disk or events; or what-if, the What if
 *                   dialog (the screenshot is then of the dialog, once it has answered), or preferences, glossary or
 *                   about, a dialog shown for the screenshot; empty: as the window was left
 *                   (see {@link WindowMemory}), else tasks
 * @param scenario   a scenario folder or client_state.xml to open instead of the last state or the demo
 * @param dataDir    where Cruncher keeps its state and preferences (default {@link #defaultDataDir()})
 * @param speed      the emulation speed to start at (empty: as the window was left, else 1 hour per second)
 * @param paused     start paused (false: as the window was left, else running)
 * @param stats      print how busy the FX thread was when the window closes
 */
public record AppOptions(Optional<Path> screenshot, double after, Optional<String> pane, Optional<Path> scenario,
                         Path dataDir, Optional<EmulatorDriver.Speed> speed, boolean paused, boolean stats) {

    /** The headless commands, which the launcher runs when one is the first word ({@code org.cruncher.Launcher}). */
    private static final List<String> COMMANDS = List.of("emulate", "check-state", "serve-project", "bench");

    /** The pane to open on: --pane, else tasks. */
    public String paneShown() {
        return pane.orElse("tasks");
    }

    /** The speed to start at: --speed, else 1 emulated hour per second. */
    public EmulatorDriver.Speed startSpeed() {
        return speed.orElse(EmulatorDriver.Speed.HOUR_PER_SECOND);
    }

    /**
     * These options, with what they leave unsaid taken from how the window was left: the pane, the speed, and
     * paused (a --pane or --speed given wins; so does --paused, though it cannot make a paused window run).
     */
    public AppOptions remembering(WindowMemory memory) {
        return new AppOptions(screenshot, after, pane.or(memory::pane), scenario, dataDir, speed.or(memory::speed),
                paused || memory.paused().orElse(false), stats);
    }

    /** Cruncher's own state, in {@code DATA/state}. */
    public Path stateDir() {
        return dataDir.resolve("state");
    }

    /** Where File > Open sample puts its copies of the bundled samples, in {@code DATA/samples}. */
    public Path samplesDir() {
        return samplesDirIn(dataDir);
    }

    /** The samples' folder in the data folder {@code dataDir}. */
    public static Path samplesDirIn(Path dataDir) {
        return dataDir.resolve("samples");
    }

    /** Where the window remembers its place, pane and speed between launches, {@code DATA/window.properties}. */
    public Path windowFile() {
        return dataDir.resolve(WindowMemory.FILE);
    }

    /** The preferences edited in the manager, as BOINC's global_prefs_override.xml in the data folder. */
    public Path prefsOverride() {
        return dataDir.resolve("global_prefs_override.xml");
    }

    /** Parses {@code args}; an unknown or incomplete option is an error with a one-line message. */
    public static AppOptions parse(List<String> args) {
        Optional<Path> screenshot = Optional.empty();
        double after = 5;
        Optional<String> pane = Optional.empty();
        Optional<Path> scenario = Optional.empty();
        Path dataDir = defaultDataDir();
        Optional<EmulatorDriver.Speed> speed = Optional.empty();
        boolean paused = false;
        boolean stats = false;
        boolean afterGiven = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--screenshot":
                    screenshot = Optional.of(path(value(args, ++i, a)));
                    break;
                case "--after":
                    afterGiven = true;
                    String typed = value(args, ++i, a);
                    after = PlainNumber.parse(typed).orElseThrow(() -> new IllegalArgumentException(
                            "--after needs a number of seconds such as 10 or 2.5, not " + typed));
                    if (!(after >= 0)) {
                        throw new IllegalArgumentException("--after needs a number of seconds >= 0, not " + typed);
                    }
                    break;
                case "--pane":
                    String name = value(args, ++i, a).toLowerCase(Locale.ROOT);
                    if (!List.of("tasks", "projects", "timeline", "work-fetch", "disk", "events", "what-if",
                            "preferences", "glossary", "about").contains(name)) {
                        throw new IllegalArgumentException("--pane is one of tasks, projects, timeline, work-fetch, "
                                + "disk, events, what-if, preferences, glossary, about; not " + name);
                    }
                    pane = Optional.of(name);
                    break;
                case "--scenario":
                    scenario = Optional.of(path(value(args, ++i, a)));
                    break;
                case "--data-dir":
                    dataDir = path(value(args, ++i, a));
                    if (java.nio.file.Files.exists(dataDir) && !java.nio.file.Files.isDirectory(dataDir)) {
                        throw new IllegalArgumentException("--data-dir " + dataDir + " is a file, not a folder");
                    }
                    break;
                case "--speed":
                    speed = Optional.of(speed(value(args, ++i, a)));
                    break;
                case "--paused":
                    paused = true;
                    break;
                case "--stats":
                    stats = true;
                    break;
                default:
                    if (COMMANDS.contains(a)) {
                        // Only a first word is a command: after an option of the window it read as an unknown one.
                        throw new IllegalArgumentException("the command " + a + " must come first (cruncher " + a
                                + " ...); " + args.get(0)
                                + " is an option of the window, which opens without a command");
                    }
                    if (!a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown command " + a + " (commands: "
                                + String.join(", ", COMMANDS) + "; cruncher --help)");
                    }
                    throw new IllegalArgumentException("unknown option " + a + " (options: --screenshot FILE, "
                            + "--after SECONDS, --pane NAME, --scenario PATH, --data-dir DIR, --speed SPEED, --paused, "
                            + "--stats)");
            }
        }
        // Both were taken and then did nothing without a screenshot to take (QA).
        if (screenshot.isEmpty() && afterGiven) {
            throw new IllegalArgumentException("--after goes with --screenshot FILE: it is how long the window runs "
                    + "before the picture");
        }
        if (screenshot.isEmpty() && pane.isPresent() && DIALOGS.contains(pane.get())) {
            throw new IllegalArgumentException("--pane " + pane.get() + " goes with --screenshot FILE; the window "
                    + "opens on tasks, projects, timeline, work-fetch, disk or events");
        }
        return new AppOptions(screenshot, after, pane, scenario, dataDir, speed, paused, stats);
    }

    /** {@code typed} as a path; one the locale cannot write is a one-line error saying so. */
    private static Path path(String typed) {
        try {
            return Path.of(typed);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(IoReasons.unusablePath(e));
        }
    }

    /** The --pane names that are dialogs, shown only for a screenshot. */
    private static final List<String> DIALOGS = List.of("what-if", "preferences", "glossary", "about");

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }

    private static EmulatorDriver.Speed speed(String s) {
        switch (s.toLowerCase(Locale.ROOT)) {
            case "real-time":
            case "1s":
                return EmulatorDriver.Speed.REAL_TIME;
            case "1min":
                return EmulatorDriver.Speed.MINUTE_PER_SECOND;
            case "10min":
                return EmulatorDriver.Speed.TEN_MINUTES_PER_SECOND;
            case "1h":
                return EmulatorDriver.Speed.HOUR_PER_SECOND;
            case "1day":
                return EmulatorDriver.Speed.DAY_PER_SECOND;
            case "max":
                return EmulatorDriver.Speed.AS_FAST_AS_POSSIBLE;
            default:
                throw new IllegalArgumentException("--speed is one of real-time, 1min, 10min, 1h, 1day or max; not "
                        + s);
        }
    }

    /** Where Cruncher keeps its data on this computer: see {@link #defaultDataDir(String, Function, String)}. */
    public static Path defaultDataDir() {
        String os = System.getProperty("os.name", "");
        String home = System.getenv("HOME");
        if (os.toLowerCase(Locale.ROOT).startsWith("windows") || home == null || !Path.of(home).isAbsolute()) {
            home = System.getProperty("user.home"); // Java's is the password file's, which $HOME may override
        }
        return defaultDataDir(os, System::getenv, home);
    }

    /**
     * The user's data folder for Cruncher, where each system keeps an application's data: on Windows
     * %APPDATA%\Cruncher, on macOS ~/Library/Application Support/Cruncher, elsewhere $XDG_DATA_HOME/cruncher (by
     * default ~/.local/share/cruncher).
     */
    static Path defaultDataDir(String osName, Function<String, String> env, String home) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String appData = env.apply("APPDATA");
            Path base = appData != null && !appData.isBlank() ? Path.of(appData)
                    : Path.of(home, "AppData", "Roaming");
            return base.resolve("Cruncher");
        }
        if (os.startsWith("mac")) {
            return Path.of(home, "Library", "Application Support", "Cruncher");
        }
        String xdg = env.apply("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(home, ".local", "share");
        return base.resolve("cruncher");
    }
}
