package org.cruncher.gui;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.event.EventHandler;
import javafx.fxml.FXML;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.controlsfx.control.StatusBar;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.help.AboutDialog;
import org.cruncher.gui.help.GlossaryDialog;
import org.cruncher.gui.prefs.PreferencesDialog;
import org.cruncher.gui.prefs.PreferencesViewModel;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.gui.whatif.WhatIfDialog;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.SampleScenarios;

/** Controller of MainWindow.fxml: menus, tabs and the status bar. */
public final class MainWindowView {

    /** The Emulation menu's accelerators (MainWindow.fxml), caught first by {@link #emulationKeys}. */
    private static final KeyCombination PLAY_KEY = new KeyCodeCombination(KeyCode.SPACE, KeyCombination.CONTROL_DOWN);
    private static final KeyCombination STEP_KEY = new KeyCodeCombination(KeyCode.RIGHT, KeyCombination.CONTROL_DOWN);

    /** View's keys, a pane each in the tabs' order. */
    private static final List<KeyCode> PANE_KEYS = List.of(KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3,
            KeyCode.DIGIT4, KeyCode.DIGIT5, KeyCode.DIGIT6);

    private final ManagerModel model;
    private final EventHandler<KeyEvent> emulationKeyFilter = this::emulationKeys;
    private final Runnable quit;
    private final OpenDialog openDialog;
    private final Optional<Path> localBoinc;
    private final Path dataDir;
    private final Path samplesDir;
    /** Help > What the words mean, kept while the window lives so that F1 brings the one already open forward. */
    private GlossaryDialog glossary;

    @FXML
    private TabPane tabs;
    @FXML
    private Menu viewMenu;
    @FXML
    private Tab tasksTab;
    @FXML
    private Tab projectsTab;
    @FXML
    private Tab timelineTab;
    @FXML
    private Tab workFetchTab;
    @FXML
    private Tab diskTab;
    @FXML
    private Tab eventsTab;
    @FXML
    private StatusBar statusBar;
    @FXML
    private MenuItem openLocalBoinc;
    @FXML
    private Menu samplesMenu;
    @FXML
    private HBox sampleBar;
    @FXML
    private Label sampleHint;

    /**
     * @param localBoinc the data folder of a BOINC client on this computer, offered by name in the File menu
     * @param dataDir    where Cruncher keeps its data (File > Open sample copies a bundled sample into its
     *                   {@link AppOptions#samplesDirIn samples folder} before opening it)
     */
    public MainWindowView(ManagerModel model, Runnable quit, OpenDialog openDialog, Optional<Path> localBoinc,
                          Path dataDir) {
        this.model = model;
        this.quit = quit;
        this.openDialog = openDialog;
        this.localBoinc = localBoinc;
        this.dataDir = dataDir;
        this.samplesDir = AppOptions.samplesDirIn(dataDir);
        model.useSamplesDir(samplesDir);
    }

    /** What the status bar's figures of merit mean: the share violation puzzles anyone with a GPU. */
    static final String FIGURES_MEANING = "Figures of the emulation so far (saved with it, so they go on after a "
            + "restart), as BOINC's emulator counts them. Share "
            + "violation: the sum over projects of the gap between each one's part of the work done and its resource "
            + "share (0: every project got its share); a project that can get no work here (no application for this "
            + "computer) is left out, as in BOINC's emulator. A project whose applications cannot use a GPU cannot reach its "
            + "share on a computer whose GPU does most of the work, so this figure stays high there; the Projects "
            + "pane's Target column shows what each project can reach, and the figure in brackets, shown where it "
            + "differs, is the same sum against those targets. Idle: the part of the work the processors some "
            + "project has an application for could have done, left undone. Wasted: the part spent on tasks that "
            + "missed their deadlines.";

    /** The least width the task counts keep when the status bar is short of room ("3 running, 2 preempted, 36 …"). */
    static final double COUNTS_MIN_WIDTH = 240;
    /** The width the host summary keeps before the task counts give way, pixels (with the rules between). */
    private static final double HOST_LEAST_WIDTH = 180;
    /** The least width of the status bar's notice, pixels, unless its text is shorter. */
    static final double NOTICE_LEAST_WIDTH = 200;
    /** The status bar's separators, padding and the host summary's ellipsis, beside its labels. */
    static final double STATUS_BAR_SLACK = 80;
    /** What the status bar's task counts mean (their tooltip, after the counts themselves). */
    private static final String COUNTS_MEANING = "Tasks by state, as the Tasks pane lists them. Suspended by you: "
            + "from the task's menu, or with their project (Suspend in Projects). Other: suspended for disk space before they started, downloading, uploading, "
            + "failed or aborted. \"Computing suspended\", with its cause in brackets: the emulated computer is "
            + "off (as often as the state's on-fraction says), it is on but not allowed to compute now (in use, or "
            + "outside the hours your preferences allow: the state's active fraction), or the disk is over its "
            + "limit; \"held\" are the tasks that would run, and run again once computing resumes. \"2.1 "
            + "CPUs' worth on 2: overcommitted\": the GPU tasks need some CPU time "
            + "beside their GPUs, and as in BOINC they may take the CPUs beyond their number by less than one, so "
            + "that no CPU idles; the CPU tasks then share what is left. A task that needs several CPUs may "
            + "also start on fewer free ones when no other task can use them, rather than leave them idle: a "
            + "16-CPU task started on 5 free CPUs puts 11 more to work than there are, and every CPU task runs "
            + "slower until one ends.";

    @FXML
    private void initialize() {
        showSelectedPaneOnly();
        fillViewMenu();
        sampleHint.textProperty().bind(model.sampleHintProperty());
        sampleBar.visibleProperty().bind(model.sampleHintProperty().isNotEmpty());
        sampleBar.managedProperty().bind(sampleBar.visibleProperty());
        tabs.sceneProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.removeEventFilter(KeyEvent.KEY_PRESSED, emulationKeyFilter);
            }
            if (now != null) {
                now.addEventFilter(KeyEvent.KEY_PRESSED, emulationKeyFilter);
                AltCombinationGuard.install(now);
            }
        });
        statusBar.textProperty().bind(model.hostSummaryProperty());
        // Not a Tab stop of its own (it does nothing with the focus); its link, when there is one, still is.
        statusBar.setFocusTraversable(false);
        Label counts = new Label();
        counts.textProperty().bind(model.countsProperty());
        Tooltip countsMeaning = ColumnHeaders.wrapped("");
        countsMeaning.textProperty().bind(Bindings.concat(model.countsProperty(), "\n\n", COUNTS_MEANING));
        counts.setTooltip(countsMeaning);
        // The window's width, not the bar's: the bar is as wide as the content, which its own least width widens.
        DoubleProperty windowWidth = new SimpleDoubleProperty(Double.MAX_VALUE);
        statusBar.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                windowWidth.bind(scene.widthProperty());
            }
        });
        // What was inferred on reading is a list, too long for the status bar: a link opens it, and keeps its width.
        Hyperlink inferred = new Hyperlink();
        Label figures = new Label();
        // Whole while the bar has room beside the counts' least width and the notice's readable part; else without
        // their notes in brackets, which the tooltip keeps (QA at 800 pixels: "...; with 1 backup project)" pushed the
        // content past the window; at 900, the notes kept, the notice was cut to "...").
        figures.textProperty().bind(Bindings.createStringBinding(() -> {
            String whole = model.figuresProperty().get();
            String notice = model.noticeProperty().get();
            double noticePart = notice.isEmpty() ? 0
                    : Math.min(NOTICE_LEAST_WIDTH, ColumnHeaders.textWidth(notice, figures.getFont()));
            double room = windowWidth.get() - COUNTS_MIN_WIDTH - inferred.prefWidth(-1) - STATUS_BAR_SLACK
                    - noticePart;
            return ColumnHeaders.textWidth(whole, figures.getFont()) <= room ? whole
                    : ManagerModel.figuresWithoutNotes(whole);
        }, model.figuresProperty(), windowWidth, inferred.textProperty(), figures.fontProperty(),
                model.noticeProperty()));
        Tooltip meaning = ColumnHeaders.wrapped("", 520);
        meaning.textProperty().bind(Bindings.concat(model.figuresProperty(), "\n\n", FIGURES_MEANING,
                Bindings.when(model.figuresNoteProperty().isEmpty()).then("")
                        .otherwise(Bindings.concat("\n\n", model.figuresNoteProperty()))));
        figures.setTooltip(meaning);
        // The figures keep their width; the notice (down to a readable part), the host summary and then the counts
        // give way (their whole text shows on hovering): a long CPU model name once pushed the figures out of the
        // window, and the counts at their full width pushed the window's content past a 1024-pixel screen.
        figures.setMinWidth(Region.USE_PREF_SIZE);
        // A rule before the counts too: a short host summary ran into them ("7.45 GB RAM1 running").
        statusBar.getRightItems().setAll(new Separator(Orientation.VERTICAL), counts,
                new Separator(Orientation.VERTICAL), figures);
        Tooltip host = ColumnHeaders.wrapped("");
        host.textProperty().bind(model.hostSummaryProperty());
        // On the host summary's own label: a tooltip on the whole bar was the only one ever shown (the outermost
        // wins), hiding the counts', the figures' and the notice's.
        statusBar.skinProperty().addListener((o, was, now) -> {
            if (statusBar.lookup(".status-label") instanceof Label summary) {
                summary.setTooltip(host);
            }
        });
        Label notice = new Label();
        notice.getStyleClass().add("notice");
        notice.textProperty().bind(model.noticeProperty());
        // A sample's hint or a restored file's name may not fit the status bar: the whole text shows on hovering.
        Tooltip whole = ColumnHeaders.wrapped("", 600);
        whole.textProperty().bind(model.noticeProperty());
        notice.setTooltip(whole);
        inferred.setId("inferredLink");
        inferred.setMinWidth(Region.USE_PREF_SIZE);
        inferred.textProperty().bind(Bindings.createStringBinding(() -> model.inferredProperty().get().linkText(),
                model.inferredProperty()));
        inferred.visibleProperty().bind(inferred.textProperty().isNotEmpty());
        inferred.managedProperty().bind(inferred.visibleProperty());
        inferred.setOnAction(e -> showInferred(model.inferredProperty().get()));
        // The notice gives way first, but keeps enough to be read ("Preferences applied: ...", not "Prefere..."): the
        // result of what the user just did. On a narrow bar it gives way further, so that the bar's least width stays
        // within the window (QA at 800 pixels: with a notice, the counts' and the figures' widths pushed the window's
        // content past its right edge).
        notice.minWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(0, Math.min(Math.min(NOTICE_LEAST_WIDTH, notice.prefWidth(-1)), windowWidth.get()
                        - figures.prefWidth(-1) - COUNTS_MIN_WIDTH - inferred.prefWidth(-1) - STATUS_BAR_SLACK)),
                notice.textProperty(), figures.textProperty(), windowWidth, inferred.textProperty()));
        // The host summary follows the notice: a rule keeps the two apart while there is a notice.
        Separator afterNotice = new Separator(Orientation.VERTICAL);
        afterNotice.visibleProperty().bind(model.noticeProperty().isNotEmpty().or(inferred.visibleProperty()));
        afterNotice.managedProperty().bind(afterNotice.visibleProperty());
        statusBar.getLeftItems().setAll(notice, inferred, afterNotice);
        // The counts keep their whole text while the host summary can give way down to HOST_LEAST_WIDTH: shrunk
        // evenly, both were cut at 1,440 pixels ("... 29 r...", "Intel(R) Xeo..."), and the counts say more.
        counts.minWidthProperty().bind(Bindings.createDoubleBinding(() -> Math.max(COUNTS_MIN_WIDTH,
                        Math.min(counts.prefWidth(-1), statusBar.getWidth() - figures.prefWidth(-1)
                                - notice.getMinWidth() - inferred.prefWidth(-1) - HOST_LEAST_WIDTH)),
                counts.textProperty(), figures.textProperty(), notice.minWidthProperty(), inferred.textProperty(),
                statusBar.widthProperty()));
        model.saveProblemProperty().addListener((o, was, now) -> {
            if (!now.isEmpty()) {
                cannotSave(now);
            }
        });
        model.prefsProblemProperty().addListener((o, was, now) -> {
            if (!now.isEmpty()) {
                prefsNotSaved(now);
            }
        });
        model.emulationStoppedProperty().addListener((o, was, now) -> {
            if (!now.isEmpty()) {
                warn("The emulation stopped", now + "\n\nThe window shows it as it was when it stopped. Open a "
                        + "file, or start Cruncher again, to go on from its last saved state.");
            }
        });
        model.projects().onWhatIf(this::openWhatIf);
        openLocalBoinc.setVisible(localBoinc.isPresent());
        // Only the first "_" marks a mnemonic: the folder's own underscores, after it, show as written.
        localBoinc.ifPresent(dir -> openLocalBoinc.setText("Open this computer's _BOINC client (" + dir + ")"));
        for (SampleScenarios.Sample sample : SampleScenarios.list()) {
            MenuItem item = new MenuItem(sample.title());
            item.setOnAction(e -> openSample(sample));
            samplesMenu.getItems().add(item);
        }
        MenuMnemonics.mark(samplesMenu.getItems(), MenuMnemonics.taken(""));
    }

    /**
     * Keeps only the selected tab's pane in the scene. The others' view models stay up to date, but their tables and
     * charts are neither styled nor laid out while hidden (JavaFX lays out invisible nodes too, so the Projects
     * pane's charts would otherwise be redrawn with every snapshot); a pane is styled and laid out again as it is
     * shown.
     */
    private void showSelectedPaneOnly() {
        Map<Tab, Node> panes = new HashMap<>();
        for (Tab t : tabs.getTabs()) {
            panes.put(t, t.getContent());
        }
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.setContent(null);
            }
            if (now != null) {
                now.setContent(panes.get(now));
            }
        });
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        for (Tab t : tabs.getTabs()) {
            if (t != selected) {
                t.setContent(null);
            }
        }
    }

    /**
     * View: an item for each pane, Ctrl+1 for the first tab to Ctrl+6 for the last, the key said on its tab too.
     * The keyboard had only Ctrl+Tab, which goes through the panes one by one.
     */
    private void fillViewMenu() {
        List<Tab> all = tabs.getTabs();
        for (int i = 0; i < all.size() && i < PANE_KEYS.size(); i++) {
            Tab tab = all.get(i);
            MenuItem item = new MenuItem(tab.getText());
            item.setAccelerator(new KeyCodeCombination(PANE_KEYS.get(i), KeyCombination.CONTROL_DOWN));
            item.setOnAction(e -> {
                tabs.getSelectionModel().select(tab);
                focusFirstTable(tab);
            });
            viewMenu.getItems().add(item);
            tab.setTooltip(ColumnHeaders.wrapped(tab.getText() + " (" + item.getAccelerator().getDisplayText() + ")"));
        }
        MenuMnemonics.mark(viewMenu.getItems(), MenuMnemonics.taken(""));
    }

    /**
     * Gives the keys to the first table of {@code tab}'s pane, once it is laid out: after Ctrl+1 the focus stayed on
     * the tab's header, so Shift+F10 or the arrows did nothing until three presses of Tab (QA).
     */
    private static void focusFirstTable(Tab tab) {
        Platform.runLater(() -> {
            Node content = tab.getContent();
            if (content instanceof Parent pane) {
                // A pane just put back in the scene has no skins yet, and so no table to find.
                pane.applyCss();
                pane.layout();
            }
            Node table = content == null ? null : content.lookup(".table-view");
            if (table != null) {
                table.requestFocus();
            }
        });
    }

    /** Opens a copy of a bundled sample; the status bar then says what to watch in it. */
    void openSample(SampleScenarios.Sample sample) {
        model.openSample(sample, samplesDir, model.clock().speedProperty().get(),
                model.clock().playingProperty().get(), problem -> cannotOpen(sample.folder(), problem));
    }

    /**
     * Ends every table edit still open in the window as a click elsewhere would, so that what was typed is applied
     * (a share typed and the window closed before Enter was dropped without a word).
     */
    public void applyOpenEdits() {
        for (Node n : tabs.lookupAll(".table-view")) {
            if (n instanceof TableView<?> table && table.getEditingCell() != null) {
                table.edit(-1, null);
            }
        }
    }

    /** The pane shown, by the name {@link #selectPane} takes. */
    public String selectedPane() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        return t == projectsTab ? "projects" : t == timelineTab ? "timeline" : t == workFetchTab ? "work-fetch"
                : t == diskTab ? "disk" : t == eventsTab ? "events" : "tasks";
    }

    /** Shows the pane called {@code name}: "tasks", "projects", "timeline", "work-fetch", "disk" or "events". */
    public void selectPane(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "projects":
                tabs.getSelectionModel().select(projectsTab);
                break;
            case "timeline":
                tabs.getSelectionModel().select(timelineTab);
                break;
            case "work-fetch":
                tabs.getSelectionModel().select(workFetchTab);
                break;
            case "disk":
                tabs.getSelectionModel().select(diskTab);
                break;
            case "events":
            case "event-log":
            case "log":
                tabs.getSelectionModel().select(eventsTab);
                break;
            default:
                tabs.getSelectionModel().select(tasksTab);
                break;
        }
    }

    /**
     * Emulation > What if...: the user tries shares and a work buffer on the next days before applying them. The
     * changes are applied together, to the emulation the dialog was opened on only; preferences among them are saved
     * as the Preferences dialog's are.
     */
    @FXML
    void openWhatIf() {
        EmulatorDriver d = model.driver();
        whatIfDialog().flatMap(WhatIfDialog::ask).ifPresent(changes -> model.applyTogether(d, changes));
    }

    /** The what-if dialog on the emulation now, not yet shown; empty (with a notice) while nothing is emulated. */
    Optional<WhatIfDialog> whatIfDialog() {
        EngineSnapshot s = model.snapshotProperty().get();
        EmulatorDriver d = model.driver();
        if (s == null || d == null) {
            model.notice("Nothing is being emulated yet: open a state or a sample first.");
            return Optional.empty();
        }
        if (s.projects().isEmpty()) {
            model.notice("What if... tries other shares and work buffers of projects, and there is no project here: "
                    + "open a state with projects or a sample first.");
            return Optional.empty();
        }
        return Optional.of(new WhatIfDialog(tabs.getScene().getWindow(), s, d::whatIf));
    }

    @FXML
    private void closeSampleHint() {
        model.closeSampleHint();
    }

    @FXML
    private void openGlossary() {
        GlossaryDialog d = glossaryDialog();
        if (d.isShowing() && d.getDialogPane().getScene().getWindow() instanceof Stage shown) {
            shown.toFront();
            shown.requestFocus();
        } else {
            d.show();
        }
    }

    /** Help > What the words mean, made at its first showing and kept, not yet shown. */
    GlossaryDialog glossaryDialog() {
        if (glossary == null) {
            glossary = new GlossaryDialog(tabs.getScene().getWindow());
        }
        return glossary;
    }

    @FXML
    private void openAbout() {
        aboutDialog().showAndWait();
    }

    /** Help > About Cruncher, not yet shown. */
    AboutDialog aboutDialog() {
        return new AboutDialog(tabs.getScene().getWindow(), dataDir);
    }

    @FXML
    private void openPreferences() {
        preferencesDialog().ask().ifPresent(model::setPrefs);
    }

    /** The preferences dialog on the emulation now, not yet shown: its effects are worked out on its host. */
    PreferencesDialog preferencesDialog() {
        EngineSnapshot s = model.snapshotProperty().get();
        Prefs current = s == null ? Prefs.DEFAULTS : s.prefs();
        PreferencesViewModel.Host host = s == null ? PreferencesViewModel.Host.UNKNOWN
                : new PreferencesViewModel.Host(s.host().countedCpus(), s.host().countedCpus() != s.host().cpus(),
                s.resources().stream().anyMatch(r -> r.type() != ResourceType.CPU), s.disk());
        return new PreferencesDialog(tabs.getScene().getWindow(), current, host);
    }

    @FXML
    private void openStateFile() {
        ask("Open a BOINC client_state.xml", false);
    }

    @FXML
    private void openScenarioFolder() {
        ask("Open a scenario or a BOINC data folder", true);
    }

    @FXML
    private void openLocalBoincClient() {
        localBoinc.ifPresent(this::open);
    }

    @FXML
    private void saveState() {
        model.saveNow();
    }

    private void ask(String title, boolean folder) {
        File chosen = openDialog.ask(window(), title, folder);
        if (chosen != null) {
            open(chosen.toPath());
        }
    }

    /**
     * Opens {@code path} in place of the current emulation; a file that cannot be used is named in a dialog with its
     * problem, and the current emulation runs on. What was inferred on reading is shown once the new one starts.
     */
    void open(Path path) {
        model.open(path, model.clock().speedProperty().get(), model.clock().playingProperty().get(),
                notes -> showInferred(model.inferredProperty().get()),
                problem -> cannotOpen(String.valueOf(path.getFileName()), problem));
    }

    /** What was inferred or left out on reading the emulation shown, in a dialog; nothing if there is nothing. */
    private void showInferred(ManagerModel.Inferred what) {
        if (what.notes().isEmpty()) {
            return;
        }
        // The notes speak of the file as read: a share or preference changed since is not in them.
        Alert a = new Alert(Alert.AlertType.INFORMATION, String.join("\n", what.notes()) + "\n\nThese notes are "
                + "what the file said when it was opened; shares and preferences changed since are not in them.");
        a.initOwner(window());
        a.setTitle("Cruncher");
        a.setHeaderText("Read " + what.from() + ": what was inferred or left out");
        a.getDialogPane().setPrefWidth(760);
        a.show();
    }

    private void cannotOpen(String name, InputProblem problem) {
        Alert a = new Alert(Alert.AlertType.ERROR, problem.oneLine()
                + "\n\nThe emulation you had open stays open, running or paused as it was.");
        a.initOwner(window());
        a.setTitle("Cruncher");
        a.setHeaderText(cannotOpenHeader(name, problem));
        a.show();
    }

    /**
     * "Cannot open client_state.xml", naming the file at fault where it is another one ("...: its
     * global_prefs_override.xml cannot be read"): the header blamed client_state.xml for the file beside it (QA).
     */
    static String cannotOpenHeader(String name, InputProblem problem) {
        Path at = problem.file() == null ? null : problem.file().getFileName();
        return at == null || at.toString().equals(name) ? "Cannot open " + name
                : "Cannot open " + name + ": its " + at + " cannot be read";
    }

    /** The first failure to save the state: the notice alone may be cut short, and the session would be lost. */
    private void cannotSave(String message) {
        warn("Cannot save the state", message + "\n\nThe emulation goes on, but it will not be there when Cruncher "
                + "starts again. Start Cruncher with --data-dir set to a folder it can write to.");
    }

    private void prefsNotSaved(String message) {
        warn("Cannot save the preferences", message);
    }

    /** A warning over the window, not waited for: the emulation goes on behind it. */
    private void warn(String header, String text) {
        Alert a = new Alert(Alert.AlertType.WARNING, text);
        a.initOwner(window());
        a.setTitle("Cruncher");
        a.setHeaderText(header);
        a.show();
    }

    private Window window() {
        return tabs.getScene().getWindow();
    }

    /**
     * The Emulation menu's two keys, taken before the focused control sees them: a table takes Ctrl+Space and
     * Ctrl+arrows for its own selection, so the menu's accelerators never fired while one had the focus, which is
     * most of the time. A text field keeps them (Ctrl+Right moves by a word there).
     */
    private void emulationKeys(KeyEvent e) {
        if (e.getTarget() instanceof TextInputControl) {
            return;
        }
        if (PLAY_KEY.match(e)) {
            togglePlay();
            e.consume();
        } else if (STEP_KEY.match(e)) {
            step();
            e.consume();
        }
    }

    @FXML
    private void togglePlay() {
        model.clock().togglePlay();
    }

    @FXML
    private void step() {
        model.clock().step();
    }

    @FXML
    private void quit() {
        quit.run();
    }
}
