package org.cruncher.gui;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Dialog;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Callback;
import javafx.util.Duration;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.gui.clock.ClockBarView;
import org.cruncher.gui.details.DecisionHistoryView;
import org.cruncher.gui.disk.DiskPaneView;
import org.cruncher.gui.events.EventLogPaneView;
import org.cruncher.gui.projects.ProjectsPaneView;
import org.cruncher.gui.tasks.TasksPaneView;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.timeline.TimelinePaneView;
import org.cruncher.gui.whatif.WhatIfDialog;
import org.cruncher.gui.workfetch.WorkFetchPaneView;
import org.cruncher.host.LocalBoincClient;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.IoReasons;
import org.cruncher.persist.OverriddenPrefs;
import org.cruncher.persist.StateSaver;
import org.cruncher.persist.SampleScenarios;
import org.cruncher.persist.StateStore;

/**
 * The manager window. Opens on a demo of this computer (or on {@code --scenario PATH}), running at 1 emulated hour
 * per second; {@code --screenshot FILE} renders the window to a PNG after {@code --after} seconds and exits.
 */
public final class CruncherApp extends Application {

    private ManagerModel model;
    private MainWindowView main;
    /** Keeps the window as it was left; empty when only taking a screenshot. */
    private Optional<WindowPlacement> placement = Optional.empty();
    /** How often the window's place, pane and speed are written if they changed, not only on closing. */
    private static final long KEEP_WINDOW_SECONDS = 10;
    private final ScheduledExecutorService keepWindow = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cruncher-window-keeper");
        t.setDaemon(true);
        return t;
    });
    /** The options the window opened with, what was remembered included. */
    private AppOptions opened;
    /** The process's exit code once the window has closed: 0, or 2 when it could not start as asked. */
    private static volatile int exitCode;
    /** Set once {@link #stop} has run: from the window closing, or from the shutdown hook. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    /** This process's hold on the data folder (null: not taken, as in tests that start the window directly). */
    private DataFolderLock folderLock;
    /** Saves the state and the window's place when the process is ended (a logout, a kill) rather than closed. */
    private Thread shutdownHook;
    /** The FX thread, to tell at shutdown whether JavaFX has ended it. */
    private volatile Thread fxThread;
    private long fxCpuStart;
    private long renderCpuStart;
    private long wallStart;
    private boolean stats;
    /** With --stats: snapshots shown, and the fewest and most tasks they held. */
    private int snapshotsShown;
    private int fewestTasks = Integer.MAX_VALUE;
    private int mostTasks;

    @Override
    public void start(Stage stage) {
        AppOptions options;
        try {
            options = AppOptions.parse(getParameters().getRaw());
        } catch (IllegalArgumentException e) {
            System.err.println("cruncher: " + e.getMessage());
            Platform.exit();
            return;
        }
        if (!lockDataFolder(options)) {
            return;
        }
        start(stage, options);
    }

    /** The process's exit code once {@link Application#launch} has returned. */
    static int exitCode() {
        return exitCode;
    }

    /**
     * Takes the data folder for this process; if another Cruncher has it, says so (stderr and a dialog) and ends;
     * only taking a screenshot, with exit code 2 and no dialog, which nobody would be there to close (QA: the run
     * waited for ever). A folder that cannot be locked (read-only) is used anyway: saving there fails, and says so,
     * on its own.
     */
    private boolean lockDataFolder(AppOptions options) {
        Path dataDir = options.dataDir();
        try {
            Optional<DataFolderLock> lock = DataFolderLock.acquire(dataDir);
            if (lock.isPresent()) {
                folderLock = lock.get();
                return true;
            }
        } catch (IOException e) {
            System.err.println("cruncher: cannot lock " + dataDir + ": " + IoReasons.of(e));
            return true;
        }
        String message = "Another Cruncher is running on the data folder " + dataDir + ". Close it first, or start "
                + "this one with --data-dir set to another folder.";
        System.err.println("cruncher: " + message);
        if (options.screenshot().isPresent()) {
            exitCode = GuiMain.EXIT_BAD_OPTIONS;
            Platform.exit();
            return false;
        }
        Alert a = new Alert(Alert.AlertType.ERROR, message);
        a.setHeaderText("Cruncher is already running");
        a.setOnHidden(e -> Platform.exit());
        a.show();
        return false;
    }

    /**
     * Opens the window on {@code stage} with {@code options} (tests call this directly). Unless it is only to take a
     * screenshot, the window opens where, as big, on the pane and at the speed it was left (WindowMemory).
     */
    void start(Stage stage, AppOptions given) {
        boolean remember = given.screenshot().isEmpty();
        WindowMemory memory = remember ? WindowMemory.read(given.windowFile(),
                p -> System.err.println("cruncher: " + p)) : WindowMemory.NONE;
        AppOptions options = given.remembering(memory);
        opened = options;
        stats = options.stats();
        if (stats) {
            fxCpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            renderCpuStart = RenderThreadTime.nanos();
            wallStart = System.nanoTime();
        }
        model = new ManagerModel();
        model.saveWith(new StateSaver(new StateStore(options.stateDir()), model::saveFailed));
        model.writePrefsTo(options.prefsOverride());
        model.tasks().restore(memory.tasks());
        model.rememberDemoHintClosed(memory.demoHintClosed());
        MainWindowView[] main = new MainWindowView[1];
        Parent root = Fxml.load("MainWindow.fxml", controllers(model, main, SaveDialog.platform(), OpenDialog.platform(),
                LocalBoincClient.dataFolder(), options.dataDir()));
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(1440, screen.getWidth() - 40),
                Math.min(880, screen.getHeight() - 40));
        scene.getStylesheets().add(CruncherApp.class.getResource("cruncher.css").toExternalForm());
        stage.titleProperty().bind(model.titleProperty());
        stage.setScene(scene);
        // No larger than the smallest screen, which a remembered placement may put the window on.
        stage.setMinWidth(Screen.getScreens().stream().mapToDouble(s -> s.getVisualBounds().getWidth())
                .reduce(900, Math::min));
        stage.setMinHeight(Screen.getScreens().stream().mapToDouble(s -> s.getVisualBounds().getHeight())
                .reduce(600, Math::min));
        stage.getIcons().setAll(WindowIcons.load());
        if (remember) {
            placement = Optional.of(WindowPlacement.restore(stage, given.windowFile(), memory));
            keepWindow.scheduleWithFixedDelay(() -> Platform.runLater(this::keepWindowNow), KEEP_WINDOW_SECONDS,
                    KEEP_WINDOW_SECONDS, TimeUnit.SECONDS);
        }
        if (stats) {
            printStartTimes(scene, model);
            model.snapshotProperty().addListener((o, was, now) -> {
                if (now != null) {
                    snapshotsShown++;
                    fewestTasks = Math.min(fewestTasks, now.tasks().size());
                    mostTasks = Math.max(mostTasks, now.tasks().size());
                }
            });
        }
        stage.show();
        Platform.runLater(() -> {
            if (!stage.isMaximized()) {
                ScreenFit.moveOnScreen(stage);
            }
        });
        fxThread = Thread.currentThread();
        quietWhileShuttingDown(fxThread);
        shutdownHook = new Thread(this::stopOnTheFxThread, "cruncher-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        this.main = main[0];
        main[0].selectPane(options.paneShown());
        open(options, stage);
        options.screenshot().ifPresent(file -> screenshotLater(scene, main[0], options, file));
    }

    /** The controllers of the main window and its panes, each given its view model. */
    static Callback<Class<?>, Object> controllers(ManagerModel model, MainWindowView[] main, SaveDialog save,
                                                  OpenDialog open, Optional<Path> localBoinc, Path dataDir) {
        return type -> {
            if (type == MainWindowView.class) {
                main[0] = new MainWindowView(model, Platform::exit, open, localBoinc, dataDir);
                return main[0];
            }
            if (type == ClockBarView.class) {
                return new ClockBarView(model.clock());
            }
            if (type == TasksPaneView.class) {
                return new TasksPaneView(model.tasks(), model.history());
            }
            if (type == ProjectsPaneView.class) {
                return new ProjectsPaneView(model.projects(), model.history());
            }
            if (type == TimelinePaneView.class) {
                return new TimelinePaneView(model.timeline(), model.history(), model.projects()::whyOf);
            }
            if (type == WorkFetchPaneView.class) {
                return new WorkFetchPaneView(model.workFetch(), model.history());
            }
            if (type == DiskPaneView.class) {
                return new DiskPaneView(model.disk(), model.history(), model.projects()::whyOf);
            }
            if (type == EventLogPaneView.class) {
                return new EventLogPaneView(model.events(), model.history(), save);
            }
            if (type == DecisionHistoryView.class) {
                return new DecisionHistoryView(model.history());
            }
            return null;
        };
    }

    /**
     * Opens {@code --scenario}, else the last saved state, else the demo of this computer. A scenario that cannot be
     * read is reported (on stderr too, for whoever started Cruncher from a shell) and the window opens on what it
     * would have opened without it, rather than staying empty.
     */
    private void open(AppOptions options, Stage stage) {
        boolean play = !options.paused();
        EmulatorDriver.Speed speed = options.startSpeed();
        if (options.scenario().isPresent()) {
            model.preparing("Reading " + options.scenario().get().getFileName() + "...");
            // What was inferred on reading ("host was never online, so no project is contacted") is on stderr too,
            // for whoever started Cruncher from a shell; the status bar links to it.
            model.open(options.scenario().get(), speed, play,
                    notes -> notes.forEach(n -> System.err.println("cruncher: " + n)), e -> {
                System.err.println("cruncher: " + e.oneLine());
                boolean saved = new StateStore(options.stateDir()).hasState();
                // The file (or folder) named: "this scenario" read oddly over a client_state.xml (QA).
                String why = e.oneLine();
                fail(stage, "Cruncher cannot open " + options.scenario().get().getFileName(), why
                        + (why.endsWith(".") ? "" : ".") + "\nStarting on "
                        + (saved ? "the state saved last time" : "the demo of this computer") + " instead.");
                openSavedOrDemo(options, stage, play);
            });
            return;
        }
        openSavedOrDemo(options, stage, play);
    }

    /** Opens the last saved state, else the demo of this computer. */
    private void openSavedOrDemo(AppOptions options, Stage stage, boolean play) {
        StateStore store = new StateStore(options.stateDir());
        if (!store.hasState()) {
            startDemo(options, stage, play);
            return;
        }
        model.preparing("Restoring the saved state...");
        long ticket = model.nextOpening();
        Thread restore = new Thread(() -> {
            try {
                StateStore.Loaded loaded = store.load().orElseThrow();
                ManagerModel.Prepared prepared = model.prepare(loaded.scenario(), loaded.state().seed());
                Optional<OverriddenPrefs> edited;
                String said;
                List<String> unread = List.of();
                try {
                    edited = loaded.prefsEditedIn(options.prefsOverride());
                    said = edited.isPresent() ? "; preferences read from " + options.prefsOverride()
                            + ", changed since" + notesSaid(edited.get().notes()) : "";
                } catch (InputProblem p) {
                    edited = Optional.empty();
                    said = "; " + options.prefsOverride().getFileName() + " not read: " + p.oneLine();
                    // Among the notes on reading too, as the demo says it: the notice is cut at the window's width.
                    unread = List.of(options.prefsOverride().getFileName() + " not read: " + p.oneLine());
                    // Said on stderr too, as a bad window.properties is: the status bar cut it short (QA).
                    System.err.println("cruncher: " + p.oneLine() + "; not read, the preferences saved with the "
                            + "state stay in force");
                }
                Optional<OverriddenPrefs> inForce = edited;
                List<String> unreadNotes = unread;
                // As the notes on opening a file with --scenario: on stderr too, for whoever started from a shell.
                inForce.ifPresent(o -> o.notes().forEach(n -> System.err.println("cruncher: " + n)));
                // A sample restored says again what to watch in it, as when it was opened.
                Optional<SampleScenarios.Sample> sample =
                        SampleScenarios.openedFrom(loaded.state().openedFrom(), options.samplesDir());
                String notice = loaded.summary() + said;
                Platform.runLater(() -> {
                    if (!model.isLatestOpening(ticket)) {
                        // The user opened something else meanwhile: that stays.
                        prepared.driver().stop();
                        return;
                    }
                    model.restore(prepared, options.startSpeed(), play, loaded.state().openedFrom());
                    inForce.ifPresent(o -> {
                        model.submit(new EngineCommand.SetPrefs(o.prefs()));
                        model.addReadingNotes(o.notes());
                    });
                    model.addReadingNotes(unreadNotes);
                    model.notice(notice);
                    sample.ifPresent(model::showSampleHint);
                    if (loaded.state().openedFrom().isBlank()) {
                        // The demo restored says again what it is, until the user closes that (QA).
                        model.showDemoHint();
                    }
                    if (loaded.previous()) {
                        restoredEarlier(stage, loaded);
                    }
                });
            } catch (InputProblem e) {
                cannotRestore(e, store, options, stage, play, ticket);
            } catch (RuntimeException e) {
                // The engine failed on the saved state: set aside too, or each start would fail alike.
                e.printStackTrace();
                cannotRestore(ManagerModel.engineFailedOn(store.dir().resolve(StateStore.CURRENT), e), store,
                        options, stage, play, ticket);
            }
        }, "cruncher-restore");
        restore.setDaemon(true);
        restore.start();
    }

    /** " (1 note: max_ncpus_pct 250 is out of 0..100: using 100)", or "" without notes. */
    static String notesSaid(List<String> notes) {
        return notes.isEmpty() ? "" : " (" + (notes.size() == 1 ? "1 note: " + notes.get(0)
                : notes.size() + " notes: " + String.join("; ", notes)) + ")";
    }

    /**
     * The saved state cannot be used ({@code e}): it is set aside, said, and the demo starts, unless the user opened
     * something else since {@code ticket}.
     */
    private void cannotRestore(InputProblem e, StateStore store, AppOptions options, Stage stage, boolean play,
                               long ticket) {
        List<Path> kept = store.setAsideUnreadable();
        String keptAs = kept.isEmpty() ? "The file could not be kept aside"
                : kept.size() == 1 ? "The file is kept as " + kept.get(0)
                : "The files are kept as " + kept.stream().map(Path::toString).collect(Collectors.joining(" and "));
        Platform.runLater(() -> {
            boolean latest = model.isLatestOpening(ticket);
            fail(stage, "Cruncher cannot restore its saved state", e.oneLine() + "\n" + keptAs
                    + (latest ? ". Starting on the demo of this computer." : "."));
            if (latest) {
                startDemo(options, stage, play);
            }
        });
    }

    /**
     * The last saved state could not be read and the one saved before it was restored: said in a dialog, not only in
     * the status bar, where the reason was cut off at 1,280 pixels and the time lost went unnoticed.
     */
    private static void restoredEarlier(Stage stage, StateStore.Loaded loaded) {
        Alert a = new Alert(Alert.AlertType.WARNING, "The last saved state could not be read: "
                + String.join("; ", loaded.problems()) + ".\n\nCruncher restored the state saved before it ("
                + loaded.file().getFileName() + "), so the emulation goes on from that earlier moment, "
                + Format.stamp(loaded.scenario().startTime()) + ".");
        a.initOwner(stage);
        a.setTitle("Cruncher");
        a.setHeaderText("Restored the state saved before the last one");
        a.getDialogPane().setPrefWidth(640);
        a.show();
    }

    private void startDemo(AppOptions options, Stage stage, boolean play) {
        model.preparing("Detecting this computer...");
        model.startDemo(options.dataDir(), options.startSpeed(), play,
                e -> fail(stage, "Cruncher cannot start the emulation", e.getMessage()));
    }

    static void fail(Stage stage, String header, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, message);
        a.initOwner(stage);
        a.setHeaderText(header);
        a.show();
    }

    /**
     * Prints, once each, the milliseconds from the JVM's start to the end of layout in the first pulse that draws
     * the window (its frame is rendered right after) and in the first pulse that draws an engine snapshot.
     */
    private static void printStartTimes(Scene scene, ManagerModel model) {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        afterNextLayout(scene, () -> System.out.printf(Locale.ROOT, "Cold start: first frame %d ms after the JVM "
                + "started%n", System.currentTimeMillis() - jvmStart));
        model.snapshotProperty().addListener(new javafx.beans.InvalidationListener() {
            @Override
            public void invalidated(javafx.beans.Observable o) {
                model.snapshotProperty().removeListener(this);
                afterNextLayout(scene, () -> System.out.printf(Locale.ROOT, "First engine snapshot shown %d ms "
                        + "after the JVM started%n", System.currentTimeMillis() - jvmStart));
            }
        });
    }

    /** Runs {@code action} once, after layout in the scene's next pulse (just before that frame is rendered). */
    static void afterNextLayout(Scene scene, Runnable action) {
        Runnable[] listener = new Runnable[1];
        boolean[] done = new boolean[1];
        listener[0] = () -> {
            if (!done[0]) {
                done[0] = true;
                action.run();
                // not removed while the scene runs its listeners
                Platform.runLater(() -> scene.removePostLayoutPulseListener(listener[0]));
            }
        };
        scene.addPostLayoutPulseListener(listener[0]);
        Platform.requestNextPulse();
    }

    private static void screenshotLater(Scene scene, MainWindowView main, AppOptions options, Path file) {
        PauseTransition wait = new PauseTransition(Duration.seconds(options.after()));
        wait.setOnFinished(e -> {
            if (options.paneShown().equals("what-if")) {
                main.selectPane("projects");
                main.whatIfDialog().ifPresentOrElse(d -> {
                    d.show();
                    screenshotWhenAnswered(d, file, 150);
                }, Platform::exit);
                return;
            }
            Scene shown = scene;
            Dialog<?> dialog = switch (options.paneShown()) {
                case "preferences" -> main.preferencesDialog();
                case "glossary" -> main.glossaryDialog();
                case "about" -> main.aboutDialog();
                default -> null;
            };
            if (dialog != null) {
                dialog.show();
                shown = dialog.getDialogPane().getScene();
            } else {
                main.selectPane(options.paneShown());
            }
            Scene written = shown;
            PauseTransition settle = new PauseTransition(Duration.millis(300));
            settle.setOnFinished(x -> {
                try {
                    Screenshots.write(written, file);
                    System.out.println("Screenshot written to " + file.toAbsolutePath());
                } catch (IOException ex) {
                    System.err.println("cruncher: cannot write " + file + ": " + IoReasons.of(ex));
                }
                Platform.exit();
            });
            settle.play();
        });
        wait.play();
    }

    /** Writes the what-if dialog once it has answered (looking every 200 ms, {@code looks} times at most), and exits. */
    private static void screenshotWhenAnswered(WhatIfDialog dialog, Path file, int looks) {
        PauseTransition look = new PauseTransition(Duration.millis(200));
        look.setOnFinished(e -> {
            if (dialog.model().busyProperty().get() && looks > 0) {
                screenshotWhenAnswered(dialog, file, looks - 1);
                return;
            }
            try {
                Screenshots.write(dialog.getDialogPane().getScene(), file);
                System.out.println("Screenshot written to " + file.toAbsolutePath());
            } catch (IOException ex) {
                System.err.println("cruncher: cannot write " + file + ": " + IoReasons.of(ex));
            }
            Platform.exit();
        });
        look.play();
    }

    /** The root view model (for tests). */
    ManagerModel model() {
        return model;
    }

    @Override
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // stop() is running from the hook itself: nothing to remove.
            }
        }
        if (stats) {
            double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - fxCpuStart) / 1e9;
            long renderNow = RenderThreadTime.nanos();
            double wall = (System.nanoTime() - wallStart) / 1e9;
            String render = renderCpuStart < 0 || renderNow < 0 ? ""
                    : String.format(Locale.ROOT, ", render thread %.1f %%", 100 * (renderNow - renderCpuStart) / 1e9
                    / wall);
            System.out.printf(Locale.ROOT, "FX thread busy %.1f %% of one core%s over %.1f s (%d tasks shown; %d "
                    + "snapshots shown, with %d to %d tasks)%n", 100 * cpu / wall, render, wall,
                    model == null ? 0 : model.tasks().rows().size(), snapshotsShown,
                    snapshotsShown == 0 ? 0 : fewestTasks, mostTasks);
        }
        if (model != null) {
            if (main != null) {
                main.applyOpenEdits();
            }
            remember();
            model.shutdown();
        }
        // Let go of the data folder once its last state is written.
        if (folderLock != null) {
            try {
                folderLock.close();
            } catch (IOException e) {
                System.err.println("cruncher: " + IoReasons.of(e));
            }
        }
    }

    /**
     * Has {@code fx}'s failures said as before, but not once the JVM is shutting down: at SIGTERM JavaFX takes its
     * renderer down, and the pulses the FX thread still runs each printed a stack trace (QA), sometimes before this
     * process's own shutdown hook had begun.
     */
    private static void quietWhileShuttingDown(Thread fx) {
        Thread.UncaughtExceptionHandler before = fx.getUncaughtExceptionHandler();
        fx.setUncaughtExceptionHandler((thread, failure) -> {
            if (!shuttingDown()) {
                before.uncaughtException(thread, failure);
            }
        });
    }

    /** Whether the JVM is shutting down: it then refuses new shutdown hooks. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /**
     * Ends the session as closing the window does when the process is ended from outside (SIGTERM at a logout): the
     * state is checkpointed and the window's place written, on the FX thread if it takes the work within a second,
     * else here. At the same signal JavaFX takes its renderer down; its thread, alive, then takes no more work, so
     * waiting for it (five seconds, as this did) only delayed the end (QA: 6.5 to 7 s). The work reads the
     * window's figures and hands the checkpoint to the engine's thread; if the FX thread has begun it, it is left to
     * finish.
     */
    void stopOnTheFxThread() {
        CountDownLatch done = new CountDownLatch(1);
        AtomicBoolean begun = new AtomicBoolean();
        Runnable stopOnce = () -> {
            if (begun.compareAndSet(false, true)) {
                try {
                    stop();
                } catch (RuntimeException e) {
                    // Said here: the FX thread's failures are silenced at exit, and this one matters.
                    System.err.println("cruncher: the session could not be ended as it should: " + e);
                } finally {
                    done.countDown();
                }
            }
        };
        try {
            try {
                Platform.runLater(stopOnce);
            } catch (IllegalStateException toolkitGone) {
                // JavaFX has ended: the work is done here.
            }
            if (!done.await(1, TimeUnit.SECONDS)) {
                stopOnce.run();
                done.await(4, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Writes how the window is left: its place, the pane shown, the speed, whether paused, and the Tasks table's sort
     * and filters. Closed before an emulation was shown (a large state still loading, or none that could be opened),
     * it keeps the speed and pause it opened with, which the clock bar has not taken yet.
     */
    private void remember() {
        keepWindow.shutdownNow();
        if (main == null) {
            return;
        }
        boolean shown = model.snapshotProperty().get() != null;
        EmulatorDriver.Speed speed = shown ? model.clock().speedProperty().get() : opened.startSpeed();
        boolean paused = shown ? !model.clock().playingProperty().get() : opened.paused();
        placement.ifPresent(p -> p.leave(main.selectedPane(), speed, paused, model.tasks().layout(),
                model.demoHintClosed()));
    }

    /** As {@link #remember}, without stopping: how the window is now, written if it changed (every few seconds). */
    private void keepWindowNow() {
        if (main == null || model == null || model.snapshotProperty().get() == null) {
            return;
        }
        placement.ifPresent(p -> p.keep(main.selectedPane(), model.clock().speedProperty().get(),
                !model.clock().playingProperty().get(), model.tasks().layout(), model.demoHintClosed()));
    }
}
