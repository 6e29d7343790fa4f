package org.cruncher.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.cruncher.emulator.DemoScenario;
import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.clock.ClockBarViewModel;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.disk.DiskPaneViewModel;
import org.cruncher.gui.events.EventLogViewModel;
import org.cruncher.gui.projects.ProjectsPaneViewModel;
import org.cruncher.gui.tasks.TasksPaneViewModel;
import org.cruncher.gui.timeline.TimelineViewModel;
import org.cruncher.gui.workfetch.WorkFetchPaneViewModel;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;
import org.cruncher.host.HostProbe;
import org.cruncher.persist.GlobalPrefs;
import org.cruncher.persist.GlobalPrefsOverrideWriter;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.IoReasons;
import org.cruncher.persist.OverriddenPrefs;
import org.cruncher.persist.SampleScenarios;
import org.cruncher.persist.ScenarioReader;
import org.cruncher.persist.StateSaver;
import org.cruncher.persist.StateStore;

/**
 * The manager's root view model: owns the emulation driver, receives its snapshots on the FX thread (coalesced by
 * {@link SnapshotAdapter}) and feeds the panes' view models; routes the panes' commands to the engine.
 */
public final class ManagerModel implements AutoCloseable {

    private final ClockBarViewModel clock = new ClockBarViewModel();
    private final TasksPaneViewModel tasks = new TasksPaneViewModel(this::submit);
    private final ProjectsPaneViewModel projects = new ProjectsPaneViewModel(this::submit);
    private final WorkFetchPaneViewModel workFetch = new WorkFetchPaneViewModel();
    private final DiskPaneViewModel disk = new DiskPaneViewModel();
    private final TimelineViewModel timeline = new TimelineViewModel();
    private final EventLogViewModel events = new EventLogViewModel();
    private final DecisionHistoryViewModel history = new DecisionHistoryViewModel(events.allRows());
    private final ReadOnlyObjectWrapper<EngineSnapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Cruncher");
    private final ReadOnlyStringWrapper hostSummary = new ReadOnlyStringWrapper("Starting...");
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper figures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper figuresNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper saveProblem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper prefsProblem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper emulationStopped = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper sampleHint = new ReadOnlyStringWrapper("");
    private boolean demoHintClosed;
    /** Where the samples' copies are, or null if not known ({@link #useSamplesDir}). */
    private volatile Path samplesDir;
    private final ReadOnlyObjectWrapper<Inferred> inferred = new ReadOnlyObjectWrapper<>(Inferred.NOTHING);
    private volatile EmulatorDriver driver;
    /** Hands a snapshot that had to wait (see {@link DeliveryPacer}) back to the FX thread when its time comes. */
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cruncher-fx-later");
        t.setDaemon(true);
        return t;
    });
    /** Writes the preferences file, one write after another in the order they were asked for. */
    private final ExecutorService prefsWriter = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cruncher-prefs-writer");
        t.setDaemon(true);
        return t;
    });
    /** Counts the files asked to be opened: only the last one asked for is opened, whichever is read first. */
    private final AtomicLong opening = new AtomicLong();
    /** Set once the window closes: an emulation prepared since is not started. */
    private volatile boolean shutDown;
    private StateSaver saver;
    private Path prefsFile;
    /** The preferences last set in this emulation (FX thread), null until the user sets some. */
    private Prefs lastPrefsSet;

    public ClockBarViewModel clock() {
        return clock;
    }

    public TasksPaneViewModel tasks() {
        return tasks;
    }

    public ProjectsPaneViewModel projects() {
        return projects;
    }

    public WorkFetchPaneViewModel workFetch() {
        return workFetch;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public DiskPaneViewModel disk() {
        return disk;
    }

    public EventLogViewModel events() {
        return events;
    }

    public DecisionHistoryViewModel history() {
        return history;
    }

    /** The latest snapshot shown (null before the first). */
    public ReadOnlyObjectProperty<EngineSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /**
     * What the status bar says while the first emulation is being prepared ("Restoring the saved state...",
     * "Detecting this computer..."): the host it names comes with the first snapshot (on the FX thread).
     */
    public void preparing(String what) {
        if (snapshotProperty().get() == null) {
            hostSummary.set(what);
        }
    }

    public ReadOnlyStringProperty hostSummaryProperty() {
        return hostSummary.getReadOnlyProperty();
    }

    /**
     * What the status bar's figures leave out on this host, or "": "Here idle counts only the processors some project
     * has an application for; over every processor, as BOINC's emulator counts it, it is 99.7 %."
     */
    public ReadOnlyStringProperty figuresNoteProperty() {
        return figuresNote.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    /** The latest thing worth telling the user in passing (state restored, saved, or not saved). */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /**
     * What to watch in the sample shown ("What to watch in \u201cTwo projects sharing 2 CPUs 75/25\u201d: the debts
     * rock ..."), from its opening (or its restoring) until another emulation is opened or the user closes it; ""
     * while none is shown. Too long for the status bar, where it was cut short at 1,280 pixels.
     */
    public ReadOnlyStringProperty sampleHintProperty() {
        return sampleHint.getReadOnlyProperty();
    }

    /** Shows what to watch in {@code sample}, just opened or restored. */
    public void showSampleHint(SampleScenarios.Sample sample) {
        sampleHint.set("What to watch in \u201c" + sample.title() + "\u201d: " + sample.about());
    }

    /**
     * What the demo is, in the sample's bar: on a first run only a title said that nothing real runs, and nothing
     * pointed to a volunteer's own client or the samples (QA).
     */
    static final String DEMO_HINT = "This is a demo: made-up projects on this computer, emulated; nothing real runs. "
            + "Change a share in Projects and watch what the scheduler does with it; File > Open sample shows one "
            + "behaviour at a time, and File > Open reads your own BOINC client's state.";

    /** The user closed the sample's hint; the demo's, once closed, is not shown again. */
    public void closeSampleHint() {
        if (DEMO_HINT.equals(sampleHint.get())) {
            demoHintClosed = true;
        }
        sampleHint.set("");
    }

    /** Shows what the demo is, unless the user closed that before ({@link #demoHintClosed()}). */
    public void showDemoHint() {
        if (!demoHintClosed) {
            sampleHint.set(DEMO_HINT);
        }
    }

    /**
     * Whether the user closed the bar saying what the demo is, in this session or an earlier one: remembered in the
     * data folder with the window's other settings, so that a demo restored at the next start shows it again only
     * while it was never closed.
     */
    public boolean demoHintClosed() {
        return demoHintClosed;
    }

    /** Takes what the data folder remembers of the demo's hint ({@link #demoHintClosed()}). */
    public void rememberDemoHintClosed(boolean closed) {
        demoHintClosed = closed;
    }

    /**
     * What was inferred or left out on reading the emulation shown ({@link Scenario#notes()}): the status bar offers
     * it as a link while there is any, since a notice line cannot hold it.
     */
    public ReadOnlyObjectProperty<Inferred> inferredProperty() {
        return inferred.getReadOnlyProperty();
    }

    /**
     * Adds {@code notes} on reading a file beside the emulation shown (the preferences override read at a restart)
     * to what was inferred on reading it, so that the status bar's notes say them too (on the FX thread). A note
     * already there is not said twice: the demo restored holds what its first start said of a file that still cannot
     * be read (QA: "2 notes on reading", the same line twice).
     */
    void addReadingNotes(List<String> notes) {
        Inferred was = inferred.get();
        List<String> all = new ArrayList<>(was.notes());
        for (String n : notes) {
            if (!all.contains(n)) {
                all.add(n);
            }
        }
        if (all.size() > was.notes().size()) {
            inferred.set(new Inferred(was.from(), all));
        }
    }

    /** What was inferred on reading {@code from} (a file's or a scenario's name), a note a line. */
    public record Inferred(String from, List<String> notes) {
        static final Inferred NOTHING = new Inferred("", List.of());

        public Inferred {
            notes = List.copyOf(notes);
        }

        /**
         * "3 notes on reading", or "" when there are none: what was inferred, and what was not understood and left
         * out (a damaged part of a saved state), which "things inferred" misnamed.
         */
        public String linkText() {
            return notes.isEmpty() ? "" : notes.size() == 1 ? "1 note on reading" : notes.size() + " notes on reading";
        }
    }

    /** Saves every emulation started from now on through {@code stateSaver} (null: saves nothing). */
    public void saveWith(StateSaver stateSaver) {
        this.saver = stateSaver;
    }

    /** Writes the preferences the user edits to {@code file}, as BOINC's global_prefs_override.xml (null: no file). */
    public void writePrefsTo(Path file) {
        this.prefsFile = file;
    }

    /**
     * Puts {@code prefs} in force in the engine at once, and writes them (off the FX thread) to the override file,
     * keeping every other preference the file holds; the notice says where, or why not.
     */
    public void setPrefs(Prefs prefs) {
        submit(new EngineCommand.SetPrefs(prefs));
        savePrefs(prefs);
    }

    /**
     * The preferences in force before {@code prefs} are put in force: the last ones set in this emulation, else
     * those of the latest snapshot (which may not show the last ones set yet), else BOINC's defaults.
     */
    private Prefs prefsBefore() {
        EngineSnapshot s = snapshot.get();
        return lastPrefsSet != null ? lastPrefsSet : s == null ? Prefs.DEFAULTS : s.prefs();
    }

    /**
     * Applies {@code commands} at the engine's next poll, all at the same one, if {@code driver} still runs the
     * emulation (else nothing, with a notice); preferences among them are saved as {@link #setPrefs} saves them.
     */
    public void applyTogether(EmulatorDriver to, List<EngineCommand> commands) {
        if (to == null || to != driver) {
            notice("Nothing applied: another emulation was opened meanwhile.");
            return;
        }
        to.submit(new EngineCommand.Together(commands));
        noticeIfHeld();
        for (EngineCommand c : commands) {
            if (c instanceof EngineCommand.SetPrefs p) {
                savePrefs(p.prefs());
            }
        }
    }

    /**
     * Writes what {@code prefs} changes (off the FX thread) to the override file, if there is one; the notice says
     * where. Only the figures the user changed are written: the file's others, set by hand or in an earlier session
     * and maybe not in force in this emulation (a scenario brings its own preferences), stay as they are.
     */
    private void savePrefs(Prefs prefs) {
        Prefs before = prefsBefore();
        lastPrefsSet = prefs;
        Path file = prefsFile;
        if (file == null || prefsWriter.isShutdown()) {
            return;
        }
        prefsWriter.execute(() -> {
            try {
                notice(new GlobalPrefsOverrideWriter().write(file, before, prefs) ? "Preferences saved to " + file
                        : Files.exists(file) ? "Preferences unchanged: " + file + " left as it was"
                        : "Preferences unchanged: nothing to write");
            } catch (InputProblem e) {
                prefsNotSaved("Preferences not saved: " + e.oneLine(), whatTheNextStartReads(file, true));
            } catch (IOException e) {
                prefsNotSaved("Preferences not saved to " + file + ": " + IoReasons.of(e),
                        whatTheNextStartReads(file, false));
            }
        });
    }

    /**
     * The preferences just applied could not be written: the notice says so ({@code message}), and so does {@link
     * #prefsProblemProperty()}, for a dialog, with {@code then}, what the next start does, since the state's own
     * failures to save would replace the notice at once. Any thread.
     */
    private void prefsNotSaved(String message, String then) {
        Platform.runLater(() -> {
            notice.set(message);
            prefsProblem.set("");
            prefsProblem.set(message + "\n\n" + then);
        });
    }

    /**
     * What becomes of preferences applied but not written to {@code file} ({@code unreadable}: because the file
     * cannot be read, else because it cannot be written): they are saved with the state, which the next start
     * restores, and the file is read over them only if it changed since that state was saved ({@link
     * StateStore.Loaded#prefsEditedIn}). The dialog said "the next start reads the figures the
     * file still holds", wrong of both (QA: a file that cannot be read gave the applied 90 minutes back).
     */
    static String whatTheNextStartReads(Path file, boolean unreadable) {
        String name = String.valueOf(file.getFileName());
        String kept = "The figures you applied are in force in this emulation and are saved with its state: the next "
                + "start restores them from there";
        return unreadable ? kept + ", as " + name + " cannot be read. It is left as it is; correct or delete it for "
                + "the figures you change to be written there."
                : kept + ", unless " + name + " is changed after Cruncher closes (its figures are then read over "
                + "them, as BOINC reads that file at each start).";
    }

    /**
     * The last failure to write the preferences applied, with what the next start does ("" until one fails); set
     * anew at each failure.
     */
    public ReadOnlyStringProperty prefsProblemProperty() {
        return prefsProblem.getReadOnlyProperty();
    }

    /**
     * The state could not be saved ({@code message} says where and why): the notice says so each time, and the
     * first failure is also kept as {@link #saveProblemProperty() the save problem}, for a dialog, since a volunteer
     * would otherwise lose the session unaware. Any thread.
     */
    public void saveFailed(String message) {
        if (!Platform.isFxApplicationThread()) {
            Platform.runLater(() -> saveFailed(message));
            return;
        }
        notice.set(message);
        if (saveProblem.get().isEmpty()) {
            saveProblem.set(message);
        }
    }

    /**
     * The emulation shown stopped on an error of the engine's ({@code e}): the notice and {@link
     * #emulationStoppedProperty()} say so, as the window would otherwise stand still on its last snapshot with Play
     * doing nothing. A failure of an emulation already replaced is not said. Any thread.
     */
    void emulationFailed(EmulatorDriver failed, RuntimeException e) {
        if (!Platform.isFxApplicationThread()) {
            Platform.runLater(() -> emulationFailed(failed, e));
            return;
        }
        if (failed != driver) {
            return;
        }
        String message = "The emulation stopped on an error: " + (e.getMessage() == null ? e.toString()
                : e.getMessage());
        notice.set(message);
        emulationStopped.set(message);
    }

    /** Why the emulation shown stopped on an error ("" while it runs as it should). */
    public ReadOnlyStringProperty emulationStoppedProperty() {
        return emulationStopped.getReadOnlyProperty();
    }

    /** The first failure to save the state this session ("" while every save has worked). */
    public ReadOnlyStringProperty saveProblemProperty() {
        return saveProblem.getReadOnlyProperty();
    }

    /** Tells the user {@code text} in the status bar (any thread). */
    public void notice(String text) {
        if (Platform.isFxApplicationThread()) {
            notice.set(text);
        } else {
            Platform.runLater(() -> notice.set(text));
        }
    }

    /**
     * Reads {@code path} (a scenario folder or a client_state.xml) off the FX thread and, if it can be used, starts
     * emulating it in place of the current emulation and tells {@code onOpened} the reading notes; if not,
     * {@code onError} is told (on the FX thread) and the current emulation runs on untouched.
     */
    public void open(Path path, EmulatorDriver.Speed speed, boolean play, Consumer<List<String>> onOpened,
                     Consumer<InputProblem> onError) {
        openOffFxThread(() -> path, speed, play, onOpened, onError);
    }

    /**
     * Copies the bundled {@code sample} into {@code samplesDir} and opens the copy, as {@link #open} does; the
     * sample's hint then says what to watch in it.
     */
    public void openSample(SampleScenarios.Sample sample, Path samplesDir, EmulatorDriver.Speed speed, boolean play,
                           Consumer<InputProblem> onError) {
        openOffFxThread(() -> {
            try {
                return SampleScenarios.copyTo(sample, samplesDir);
            } catch (IOException e) {
                throw new InputProblem(samplesDir.resolve(sample.folder()), 0,
                        "cannot copy the sample here: " + IoReasons.of(e));
            }
        }, speed, play, notes -> {
            notice.set("Opened the sample \u201c" + sample.title() + "\u201d");
            showSampleHint(sample);
        }, onError);
    }

    /** Where the samples' copies are (DATA/samples), so that one opened as a file is known for a sample. */
    public void useSamplesDir(Path dir) {
        samplesDir = dir;
    }

    /** Where a file to open comes from: a path, or a copy made first (off the FX thread). */
    private interface Source {
        Path path() throws InputProblem;
    }

    /**
     * A ticket for an emulation about to be prepared off the FX thread (a file, a sample, the saved state, the demo):
     * only the one asked for last starts, so that a file opened while the saved state is restored or the computer is
     * detected is not replaced when they finish.
     */
    public long nextOpening() {
        return opening.incrementAndGet();
    }

    /** Whether no other emulation was asked for since {@code ticket} was taken. */
    public boolean isLatestOpening(long ticket) {
        return ticket == opening.get();
    }

    private void openOffFxThread(Source source, EmulatorDriver.Speed speed, boolean play,
                                 Consumer<List<String>> onOpened, Consumer<InputProblem> onError) {
        long ticket = nextOpening();
        Thread reader = new Thread(() -> {
            Path path;
            try {
                path = source.path();
            } catch (InputProblem e) {
                Platform.runLater(() -> onError.accept(e));
                return;
            }
            try {
                ScenarioReader.Read read = new ScenarioReader().readWithHeader(path);
                Optional<String> notApplied = overrideNotApplied(read.prefs(), prefsFile);
                Prepared prepared = prepare(read.scenario(), read.seed());
                Platform.runLater(() -> {
                    if (!isLatestOpening(ticket)) {
                        prepared.driver().stop();
                        return;
                    }
                    start(prepared, speed, play, path.toAbsolutePath().toString());
                    notice.set(openedNotice(path));
                    // A sample's copy opened as a file (File > Open, --scenario) says what to watch too.
                    Path samples = samplesDir;
                    if (samples != null) {
                        SampleScenarios.openedFrom(path.toString(), samples).ifPresent(this::showSampleHint);
                    }
                    addReadingNotes(notApplied.stream().toList());
                    List<String> notes = new ArrayList<>(read.scenario().notes());
                    notApplied.ifPresent(notes::add);
                    onOpened.accept(notes);
                });
            } catch (InputProblem e) {
                Platform.runLater(() -> onError.accept(e));
            } catch (RuntimeException e) {
                // The engine failed on what it read: said as the file's problem, the emulation open stays.
                e.printStackTrace();
                InputProblem problem = engineFailedOn(path, e);
                Platform.runLater(() -> onError.accept(problem));
            }
        }, "cruncher-open");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * A note where the data folder's {@code override} (the preferences applied in earlier sessions) would set other
     * figures than the file opened brings ({@code opened}): a file keeps its own preferences, and the Preferences
     * dialog showed them beside an override file that held others, unexplained. Empty where they agree, or there is
     * no such file, or it cannot be read (the next start says so).
     */
    static Optional<String> overrideNotApplied(GlobalPrefs opened, Path override) {
        if (override == null || !Files.isRegularFile(override)) {
            return Optional.empty();
        }
        try {
            Prefs own = opened.enginePrefs();
            return OverriddenPrefs.of(opened, override).prefs().equals(own) ? Optional.empty()
                    : Optional.of("The preferences in " + override + " (applied in earlier sessions) are not used "
                    + "for this file, which brings its own: Preferences shows the file's, and saves the figures you "
                    + "change there to " + override + ", never into the folder opened");
        } catch (InputProblem e) {
            return Optional.empty();
        }
    }

    /** An engine error on what {@code file} holds, as that file's problem. */
    static InputProblem engineFailedOn(Path file, RuntimeException e) {
        return new InputProblem(file, "the scheduling engine failed on it ("
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
    }

    /**
     * "Opened raffael.xml from /home/me/boinc": the file's name first, so that the part a narrow status bar cuts is
     * the folder.
     */
    static String openedNotice(Path path) {
        Path whole = path.toAbsolutePath();
        Path folder = whole.getParent();
        return "Opened " + whole.getFileName() + (folder == null ? "" : " from " + folder);
    }

    /** Saves the state now (File > Save state); the notice says when it is written. */
    public void saveNow() {
        EmulatorDriver d = driver;
        StateSaver s = saver;
        if (d != null && s != null) {
            s.whenNextSaved(file -> Platform.runLater(() -> notice.set("State saved to " + file + " at "
                    + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT)))));
            d.checkpointNow();
            notice.set("Saving the state to " + s.store().dir().resolve(StateStore.CURRENT));
        }
    }

    /**
     * Detects this computer off the FX thread, then starts the demo on it.
     *
     * @param onError told (on the FX thread) if detection or start fails
     */
    public void startDemo(Path dataDir, EmulatorDriver.Speed speed, boolean play, Consumer<Throwable> onError) {
        startDemo(() -> HostProbe.probe(dataDir), speed, play, onError);
    }

    /** As {@link #startDemo(Path, EmulatorDriver.Speed, boolean, Consumer)}, the computer found by {@code detect}. */
    void startDemo(Supplier<HostProbe.Detected> detect, EmulatorDriver.Speed speed, boolean play,
                   Consumer<Throwable> onError) {
        long ticket = nextOpening();
        Thread probe = new Thread(() -> {
            try {
                Scenario scenario = demoScenario(detect.get(), prefsFile);
                Prepared demo = prepare(scenario, 1);
                Platform.runLater(() -> {
                    if (!isLatestOpening(ticket)) {
                        demo.driver().stop();
                        return;
                    }
                    start(demo, speed, play, "");
                    scenario.notes().stream().findFirst().ifPresent(notice::set);
                    showDemoHint();
                });
            } catch (RuntimeException | Error e) {
                Platform.runLater(() -> onError.accept(e));
            }
        }, "cruncher-host-probe");
        probe.setDaemon(true);
        probe.start();
    }

    /**
     * An emulation ready to start: its driver built and the engine's first poll done (a loopback project's reply to
     * it is taken up once the driver starts).
     */
    public record Prepared(Scenario scenario, EmulatorDriver driver) {
    }

    /**
     * Builds the driver of {@code scenario}, which runs the engine's first poll (long with thousands of tasks): call
     * it off the FX thread, then {@link #start(Prepared, EmulatorDriver.Speed, boolean, String)} on it.
     */
    public Prepared prepare(Scenario scenario, long seed) {
        AtomicReference<EmulatorDriver> self = new AtomicReference<>();
        EmulatorDriver d = new EmulatorDriver(scenario, seed, new SnapshotAdapter(Platform::runLater,
                ManagerModel::runLater, DeliveryPacer.ofCallingThread(), (snapshot, newEvents, passedOver) -> {
                    // A replaced emulation may publish once more while it stops: only the current one is shown.
                    if (driver != null && driver == self.get()) {
                        apply(snapshot, newEvents, passedOver);
                    }
                }));
        self.set(d);
        return new Prepared(scenario, d);
    }

    /**
     * Runs {@code task} on the FX thread after {@code nanos}. A timer thread, not an animation: a running animation
     * would have the FX thread draw at 60 pulses a second while it waits, the very time the wait is meant to leave.
     */
    private static void runLater(long nanos, Runnable task) {
        LATER.schedule(() -> Platform.runLater(task), nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Before another emulation replaces the running one, its state is kept under the data folder's
     * {@code state/earlier/}, and the notice says where: opening a file must not lose what was being watched. Before
     * the first emulation of a session (a file opened with --scenario), the state saved last time is kept alike,
     * unless it is the one being restored ({@code restoring}).
     */
    private void keepTheEmulationReplaced(boolean restoring) {
        StateSaver s = saver;
        if (s == null || driver == null && restoring) {
            return;
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        // Named from the data folder ("state/earlier/..."): the whole path left no room in the status bar.
        s.keepEarlier(stamp, file -> Platform.runLater(() -> notice.set(notice.get()
                + (notice.get().isEmpty() ? "" : "; ") + "the emulation before is kept as "
                + kept(file))));
    }

    /** {@code file} as "state/earlier/NAME", where File > Open finds it again. */
    private static String kept(Path file) {
        Path folder = file.getParent();
        return folder == null || folder.getParent() == null ? file.toString()
                : folder.getParent().getFileName() + "/" + folder.getFileName() + "/" + file.getFileName();
    }

    /**
     * The demo on the computer {@code here}, with the preferences of {@code override} (the data folder's
     * global_prefs_override.xml, if there is one) over its own, as BOINC reads that file at each start, and notes
     * saying what was assumed or read.
     */
    static Scenario demoScenario(HostProbe.Detected here, Path override) {
        List<String> notes = new ArrayList<>(here.notes());
        Prefs prefs = DemoScenario.PREFS;
        if (override != null && Files.isRegularFile(override)) {
            try {
                OverriddenPrefs read = OverriddenPrefs.of(GlobalPrefs.defaultsWith(prefs), override);
                if (!read.prefs().equals(prefs)) {
                    notes.add("Preferences read from " + override);
                }
                notes.addAll(read.notes());
                prefs = read.prefs();
            } catch (InputProblem e) {
                notes.add(override.getFileName() + " not read: " + e.oneLine());
            }
        }
        return DemoScenario.of(here.host(), notes, prefs);
    }

    /** Starts the prepared emulation (on the FX thread), saved as opened from {@code openedFrom}. */
    public void start(Prepared prepared, EmulatorDriver.Speed speed, boolean play, String openedFrom) {
        start(prepared, speed, play, openedFrom, false);
    }

    /**
     * Starts the prepared emulation restored from the state saved last time (on the FX thread), saved as opened from
     * {@code openedFrom}: that state is not kept aside as one replaced.
     */
    public void restore(Prepared prepared, EmulatorDriver.Speed speed, boolean play, String openedFrom) {
        start(prepared, speed, play, openedFrom, true);
    }

    private void start(Prepared prepared, EmulatorDriver.Speed speed, boolean play, String openedFrom,
                       boolean restoring) {
        assert Platform.isFxApplicationThread();
        if (shutDown) {
            // The window closed while this emulation was being prepared off the FX thread: nothing to show it in.
            prepared.driver().close();
            return;
        }
        Scenario scenario = prepared.scenario();
        keepTheEmulationReplaced(restoring);
        EmulatorDriver replaced = driver;
        driver = null;
        if (replaced != null) {
            replaced.stop();
        }
        title.set("Cruncher - " + scenario.name());
        lastPrefsSet = null;
        sampleHint.set("");
        inferred.set(new Inferred(scenario.name(), scenario.notes()));
        projects.begin(prepared.driver().debtHistory());
        events.clear();
        history.showAll();
        EmulatorDriver d = prepared.driver();
        driver = d;
        emulationStopped.set("");
        d.onFailure(e -> {
            // The trace on standard error, for a report of the bug; the window says it in words.
            e.printStackTrace();
            emulationFailed(d, e);
        });
        StateSaver s = saver;
        if (s != null) {
            long emulation = s.begin();
            d.onCheckpoint(c -> s.save(c, openedFrom, emulation));
            d.checkpointNow();
        }
        clock.speedProperty().set(speed);
        clock.connect(new ClockBarViewModel.Controls() {
            @Override
            public void play() {
                d.play();
            }

            @Override
            public void pause() {
                d.pause();
            }

            @Override
            public void stepPeriod() {
                d.stepPeriod();
            }

            @Override
            public void setSpeed(EmulatorDriver.Speed s) {
                d.setSpeed(s);
            }
        });
        d.start();
        if (play) {
            d.play();
            clock.playingProperty().set(true);
        }
    }

    /**
     * Sends a command to the engine (applied at once, also while paused; while a loopback project's reply is awaited,
     * once it comes, which the status bar says).
     */
    public void submit(EngineCommand command) {
        EmulatorDriver d = driver;
        if (d != null) {
            d.submit(command);
            noticeIfHeld();
        }
    }

    /** Says so in the status bar where the emulation waits for a reply, so that the user's change waits with it. */
    private void noticeIfHeld() {
        String held = heldChangeNotice(snapshot.get());
        if (!held.isEmpty()) {
            notice(held);
        }
    }

    /**
     * What a change made now comes to where {@code s} waits for a loopback project's reply: "Your change applies when
     * 127.0.0.1:18960 answers: the emulation waits for it" (the clock bar's note, cut off on a narrow window, was all
     * that said it, and the share typed went back to the old one, QA); "" where it waits for none.
     */
    static String heldChangeNotice(EngineSnapshot s) {
        if (s == null || s.driver() == null || s.driver().waitingFor().isEmpty()) {
            return "";
        }
        return "Your change applies when " + ClockBarViewModel.server(s.driver().waitingFor())
                + " answers: the emulation waits for it";
    }

    /** The running driver, if any. */
    public EmulatorDriver driver() {
        return driver;
    }

    /**
     * "3 running, 2 preempted, 36 ready to start, 30 ready to report, 1 suspended by you, 26 other": the tasks the
     * user suspended and the other tasks (suspended for disk or with the computer, downloading, uploading, failed or
     * aborted) are counted too, so that the counts add up to the Tasks pane's.
     * When the running tasks use more CPUs than there are (GPU tasks' CPU time on top of the CPU tasks, or a
     * multi-threaded task on CPUs no other task could use: decision 0026), it says so: "3 running (2.1 CPUs' worth on
     * 2: overcommitted), ...", as "on 2.1 of 2 CPUs" read as a mistake. While the host does not compute (the
     * emulated computer is off, or the preferences do not allow computing now), it says so first, and the tasks that
     * would run are "held". Tasks at risk of missing their deadline come first, after that, so that a status bar too
     * short for the whole text still shows them: "2 at risk of missing their deadlines; 3 running, ...".
     */
    static String counts(TaskCounts c, ResourceView cpu, boolean computing) {
        return counts(c, cpu, computing ? null : "");
    }

    /**
     * As {@link #counts(TaskCounts, ResourceView, boolean)}, where {@code suspended} is null while the host computes,
     * and otherwise why it does not ("computer off"; "" when not known).
     */
    static String counts(TaskCounts c, ResourceView cpu, String suspended) {
        boolean computing = suspended == null;
        String on = cpu != null && cpu.inUse() > cpu.instances() + 1e-6
                ? " (" + Format.number(cpu.inUse()) + " CPUs' worth on " + cpu.instances() + ": overcommitted)" : "";
        int atRisk = c.atRisk() - c.pastDeadline();
        String risk = (c.pastDeadline() == 0 ? "" : c.pastDeadline() + " past "
                + (c.pastDeadline() == 1 ? "its deadline" : "their deadlines") + "; ")
                + (atRisk == 0 ? "" : atRisk + " at risk of missing " + (atRisk == 1 ? "its deadline" : "their deadlines")
                + "; ");
        String s = String.format(Locale.ROOT, "%s%s%d %s%s, %d preempted, %d ready to start, %d ready to report",
                computing ? "" : "Computing suspended" + (suspended.isEmpty() ? "" : " (" + suspended + ")") + ": ",
                risk, c.running(), computing ? "running" : "held", on,
                c.preempted(), c.readyToStart(), c.readyToReport());
        int other = c.other() - c.suspendedByUser();
        String byYou = c.suspendedByUser() > 0 ? s + ", " + c.suspendedByUser() + " suspended by you" : s;
        return other > 0 ? byYou + ", " + other + " other" : byYou;
    }

    private void apply(EngineSnapshot s, List<EngineEvent> newEvents, long passedOver) {
        events.add(newEvents, passedOver);
        tasks.update(s);
        projects.update(s);
        workFetch.update(s);
        disk.update(s);
        timeline.update(s);
        clock.update(s);
        hostSummary.set(host(s.host()));
        TaskCounts c = s.counts();
        counts.set(counts(c, s.resources().stream().filter(r -> r.type() == ResourceType.CPU).findFirst()
                .orElse(null), Words.notComputing(s)));
        FiguresView f = s.figures();
        if (f != null) {
            List<String> leftOut = s.projects().stream().filter(p -> !f.measures(p.url())).map(ProjectView::name)
                    .toList();
            List<ProjectView> measured = s.projects().stream().filter(p -> f.measures(p.url())).toList();
            List<String> backups = measured.stream().filter(p -> p.resourceShare() <= 0).map(ProjectView::name)
                    .toList();
            boolean noShares = !measured.isEmpty() && backups.size() == measured.size();
            figures.set(s.projects().isEmpty() ? NO_FIGURES
                    : figures(f, measured.size(), s.projects().size(), noShares, backups.size()));
            figuresNote.set(s.projects().isEmpty() ? "" : measured.isEmpty() ? nothingMeasured(leftOut)
                    : figuresNote(f, leftOut, noShares ? List.of() : backups, noShares));
        }
        snapshot.set(s);
    }

    /** The status bar's figures where there is no project: an idle figure of 0 % would say the processors work. */
    static final String NO_FIGURES = "No project: nothing to measure";

    /**
     * The status bar's figures: "Share violation 0.831 (0.032 from targets)  Idle 0.0 %  Wasted 0.0 %". The part in
     * brackets, the distance from each project's target on this host, shows only where the targets differ from the
     * shares (a project cannot use a GPU that does most of the work): it is what the scheduler can be held to.
     */
    static String figures(FiguresView f) {
        return figures(f, 0, 0);
    }

    /**
     * As {@link #figures(FiguresView)}, where the figures measure only {@code measured} of the {@code all} projects
     * (the emulation has no server for a project without an application for this computer, or without jobs): "Share
     * violation 0.000 (1 of 3 projects)", which a 0.000 beside one project doing all the work must say.
     */
    static String figures(FiguresView f, int measured, int all) {
        return figures(f, measured, all, false, 0);
    }

    /**
     * As {@link #figures(FiguresView, int, int)}; where every project measured has a share of 0 ({@code noShares}),
     * there is no share to measure the work against, and the share violation is "-"; where some do ({@code backups}
     * of them), the brackets say so, since all their work counts against the figure ("with 1 backup project").
     */
    static String figures(FiguresView f, int measured, int all, boolean noShares, int backups) {
        if (measured == 0 && all > 0) {
            // No project emulated: nothing computes, and an idle figure over no processor (0 %) would say otherwise.
            return "No project emulated (" + all + " left out): nothing to measure";
        }
        if (noShares) {
            return "Share violation - (every share is 0)  Idle " + Format.percent(f.usableIdleFraction())
                    + "  Wasted " + Format.percent(f.wastedFraction());
        }
        String violation = String.format(Locale.ROOT, "%.3f", f.shareViolation());
        String fromTargets = String.format(Locale.ROOT, "%.3f", f.targetViolation());
        List<String> notes = new ArrayList<>(2);
        if (!fromTargets.equals(violation)) {
            notes.add(fromTargets + " from targets");
        }
        if (measured < all) {
            notes.add(measured + " of " + all + (all == 1 ? " project" : " projects"));
        }
        if (backups > 0) {
            notes.add("with " + backups + (backups == 1 ? " backup project" : " backup projects"));
        }
        return "Share violation " + violation + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")")
                + "  Idle " + Format.percent(f.usableIdleFraction()) + "  Wasted " + Format.percent(f.wastedFraction());
    }

    /**
     * {@code figures} without their notes in brackets, for a status bar short of room (the tooltip keeps them whole):
     * "Share violation 0.412 (0.020 from targets; with 1 backup project)  Idle 0.0 %  Wasted 0.0 %" is
     * "Share violation 0.412  Idle 0.0 %  Wasted 0.0 %".
     */
    static String figuresWithoutNotes(String figures) {
        return figures.replaceFirst(" \\([^)]*\\)", "");
    }

    /**
     * The figures' note, under their meaning on hovering: which projects they leave out (no application for this
     * computer, or no jobs to emulate), and BOINC's idle figure where it differs from the one shown (which counts
     * only the processors some project has an application for).
     */
    static String figuresNote(FiguresView f, List<String> leftOut) {
        return figuresNote(f, leftOut, List.of(), false);
    }

    /** The figures' note where no project is emulated ({@code leftOut}: every one). */
    static String nothingMeasured(List<String> leftOut) {
        return String.join(", ", leftOut) + (leftOut.size() == 1 ? " has" : " have") + " no application for this "
                + "computer or no jobs to emulate: nothing is emulated, so there is no work to measure.";
    }

    /**
     * As {@link #figuresNote(FiguresView, List)}, saying too what a backup project (share 0) does to the share
     * violation ({@code backups}: those measured), or that with every share 0 ({@code noShares}) there is none.
     */
    static String figuresNote(FiguresView f, List<String> leftOut, List<String> backups, boolean noShares) {
        List<String> notes = new ArrayList<>(3);
        if (!leftOut.isEmpty()) {
            notes.add(String.join(", ", leftOut) + (leftOut.size() == 1 ? " has" : " have") + " no application "
                    + "for this computer or no jobs to emulate, so the figures leave " + (leftOut.size() == 1 ? "it"
                    : "them") + " out and measure the other projects' work against their shares alone.");
        }
        if (noShares) {
            notes.add("Every project has a resource share of 0 (all are backup projects): there is no share to "
                    + "measure the work against, so there is no share violation to show.");
        } else if (!backups.isEmpty()) {
            boolean one = backups.size() == 1;
            notes.add(String.join(", ", backups) + (one ? " has a resource share of 0 (a backup project): whatever "
                    + "it does is beyond its share" : " have a resource share of 0 (backup projects): whatever they do "
                    + "is beyond their shares") + " and adds to the share violation, so the figure stays above 0 once "
                    + (one ? "it has" : "they have") + " run.");
        }
        if (!Format.percent(f.usableIdleFraction()).equals(Format.percent(f.idleFraction()))) {
            notes.add("Here idle counts only the processors some project has an application for; over every "
                    + "processor, as BOINC's emulator counts it, it is " + Format.percent(f.idleFraction()) + ".");
        }
        return String.join("\n\n", notes);
    }

    /**
     * The status bar's host line: "vm: 2 CPUs, 1 × NVIDIA GPU, 23.5 GB RAM, AMD EPYC"; an emulated GPU is "1 × NVIDIA
     * GPU (emulated)", not its long model name, which cut the rest off at 1,440 pixels. The CPU model comes last, its
     * runs of spaces made one ("Core(TM)2 Duo CPU     E8400"): where the bar cuts the line, it is the model's
     * end, not the GPUs, that goes. A host without a name (a scenario's) is "Host", not "This computer": it may be
     * anyone's.
     */
    static String host(HostView h) {
        StringBuilder sb = new StringBuilder();
        sb.append(h.name().isBlank() ? "Host" : h.name()).append(": ").append(h.cpus())
                .append(h.cpus() == 1 ? " CPU" : " CPUs");
        if (h.usableCpus() != h.cpus()) {
            sb.append(" (").append(h.usableCpus()).append(" used)");
        }
        for (Coprocessor g : h.gpus()) {
            sb.append(", ").append(g.count()).append(" \u00d7 ").append(g.emulated() ? g.type().displayName()
                    + " (emulated)" : g.model().isBlank() ? g.type().displayName() : g.model());
        }
        sb.append(", ").append(Format.size(h.memoryBytes())).append(" RAM");
        String model = h.cpuModel().strip().replaceAll("\\s+", " ");
        if (!model.isEmpty()) {
            sb.append(", ").append(model);
        }
        return sb.toString();
    }

    /**
     * Saves the state one last time and stops (the window is closing): preferences applied just before are written
     * first (a few seconds at most), as the process ends with the window.
     */
    public void shutdown() {
        shutDown = true;
        prefsWriter.shutdown();
        EmulatorDriver d = driver;
        if (d != null) {
            d.checkpointNow();
        }
        close();
        if (saver != null) {
            saver.close();
        }
        try {
            prefsWriter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the emulation (another is about to start, or the window is closing). */
    @Override
    public void close() {
        EmulatorDriver d = driver;
        driver = null;
        if (d != null) {
            d.close();
        }
    }
}
