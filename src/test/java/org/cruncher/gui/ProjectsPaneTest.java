package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.model.Host;
import org.cruncher.gui.projects.ProjectRow;

@ExtendWith(ApplicationExtension.class)
class ProjectsPaneTest {

    private static final double START = Scenario.DEFAULT_START;
    private Stage stage;
    private GuiFixture f;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private void open(FxRobot robot) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, GuiFixture.twoProjects());
            f.main.selectPane("projects");
        });
        f.awaitTime(START);
    }

    @SuppressWarnings("unchecked")
    private static TableView<ProjectRow> table(FxRobot robot) {
        return robot.lookup("#table").match(n -> n.isVisible() && n.getScene() != null
                && ((TableView<?>) n).getColumns().stream().anyMatch(c -> "shareColumn".equals(c.getId())))
                .queryAs(TableView.class);
    }

    private Node shareCell(FxRobot robot, int index) throws Exception {
        return cell(robot, "shareColumn", index);
    }

    /** The cell, once the table has laid it out (the rows come with the first snapshot, the cells a pulse later). */
    private Node cell(FxRobot robot, String column, int index) throws Exception {
        java.util.function.Predicate<Node> wanted = n -> n instanceof TableCell
                && ((TableCell<?, ?>) n).getTableColumn() != null
                && column.equals(((TableCell<?, ?>) n).getTableColumn().getId())
                && ((TableCell<?, ?>) n).getIndex() == index && !((TableCell<?, ?>) n).isEmpty();
        GuiFixture.waitUntil(() -> robot.lookup(wanted).tryQuery().isPresent());
        return robot.lookup(wanted).query();
    }

    private ProjectView engineView(String name) {
        return f.model.snapshotProperty().get().projects().stream().filter(p -> p.name().equals(name))
                .findFirst().orElseThrow();
    }

    /**
     * A table sorted by debt stays in that order as the debts move: with equal shares on one CPU the project that
     * ran is owed less than the one that waited: the debts settle at the end of the first hour, which one project
     * ran (A ran, say: A -30 min, B +30 min; descending, B first). The rows kept the order they had when sorted, which
     * put A first (0 each, by name). Review.
     */
    @Test
    void aTableSortedByDebtStaysSortedAsTheDebtsMove(FxRobot robot) throws Exception {
        open(robot);
        TableView<ProjectRow> t = table(robot);
        robot.interact(() -> {
            TableColumn<ProjectRow, ?> debt = t.getColumns().stream().filter(c -> "debtColumn".equals(c.getId()))
                    .findFirst().orElseThrow();
            debt.setSortType(TableColumn.SortType.DESCENDING);
            t.getSortOrder().setAll(List.of(debt));
        });
        List<String> before = new ArrayList<>();
        robot.interact(() -> t.getItems().forEach(r -> before.add(r.nameProperty().get())));

        robot.interact(() -> f.model.clock().togglePlay());
        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().time() >= START + 5400);
        robot.interact(() -> f.model.clock().togglePlay());
        WaitForAsyncUtils.waitForFxEvents();

        List<Double> shown = new ArrayList<>();
        robot.interact(() -> t.getItems().forEach(r -> shown.add(r.debtProperty().get())));
        List<Double> descending = new ArrayList<>(shown);
        descending.sort(Comparator.reverseOrder());
        assertTrue(descending.get(0) > descending.get(1), "the debts parted: " + shown + ", sorted " + before);
        assertEquals(descending, shown);
    }

    /**
     * A row's menu acts on the project it was opened on: the table sorts again after every snapshot and reuses its
     * rows, so by the time "Suspend project" is clicked the row may show the other project (review).
     */
    @Test
    void theMenuSuspendsTheProjectItWasOpenedOnAfterTheTableSorts(FxRobot robot) throws Exception {
        open(robot);
        TableView<ProjectRow> t = table(robot);
        ProjectRow a = t.getItems().stream().filter(r -> r.nameProperty().get().equals("A")).findFirst()
                .orElseThrow();
        TableRow<?> rowNode = (TableRow<?>) robot.lookup(n -> n instanceof TableRow
                && ((TableRow<?>) n).getItem() == a).query();
        TasksPaneTest.showMenu(robot, rowNode);
        TableColumn<ProjectRow, ?> name = t.getColumns().stream().filter(c -> "nameColumn".equals(c.getId()))
                .findFirst().orElseThrow();
        robot.interact(() -> {
            name.setSortType(TableColumn.SortType.DESCENDING);
            t.getSortOrder().setAll(List.of(name));
        });
        WaitForAsyncUtils.waitForFxEvents();
        ProjectRow shownThen = (ProjectRow) rowNode.getItem();
        assertTrue(shownThen != a, "the row shows B when the item is clicked");

        robot.clickOn("Suspend project");

        GuiFixture.waitUntil(() -> a.suspendedProperty().get());
        assertFalse(shownThen.suspendedProperty().get());
    }

    /** Selects and focuses project {@code name}'s row, presses the Menu key and waits for the menu's {@code item}. */
    private static ProjectRow openMenuByKey(FxRobot robot, TableView<ProjectRow> t, String name, String item)
            throws Exception {
        ProjectRow p = t.getItems().stream().filter(r -> r.nameProperty().get().equals(name)).findFirst()
                .orElseThrow();
        robot.interact(() -> {
            t.getSelectionModel().select(p);
            t.requestFocus();
        });
        robot.type(KeyCode.CONTEXT_MENU);
        GuiFixture.waitUntil(() -> robot.lookup(item).tryQuery().isPresent());
        return p;
    }

    /** The Menu key opens the focused project's menu under its row, as Shift+F10 does for a task (keyboard QA). */
    @Test
    void theMenuKeyOpensTheFocusedProjectsMenu(FxRobot robot) throws Exception {
        open(robot);
        TableView<ProjectRow> t = table(robot);
        ProjectRow b = openMenuByKey(robot, t, "B", "Suspend project");
        robot.clickOn("Suspend project");

        GuiFixture.waitUntil(() -> b.suspendedProperty().get());
        assertFalse(t.getItems().stream().filter(r -> r != b).anyMatch(r -> r.suspendedProperty().get()));
    }

    /** Opens the pane, clears the table's selection and gives the focus to the What if... button. */
    private TableView<ProjectRow> openWithNothingSelectedAndTheFocusElsewhere(FxRobot robot) throws Exception {
        open(robot);
        TableView<ProjectRow> t = table(robot);
        robot.interact(() -> {
            t.getSelectionModel().clearSelection();
            robot.lookup("#whatIfButton").query().requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return t;
    }

    /** Tabbing into the table with nothing selected selects the outlined row: its buttons work at once (QA). */
    @Test
    void takingTheFocusWithNothingSelectedSelectsTheOutlinedRow(FxRobot robot) throws Exception {
        TableView<ProjectRow> t = openWithNothingSelectedAndTheFocusElsewhere(robot);
        assertTrue(t.getSelectionModel().isEmpty());

        robot.interact(t::requestFocus);

        GuiFixture.waitUntil(() -> t.getSelectionModel().getSelectedIndex() == 0);
    }

    /**
     * Focus that comes with a click is left to the click: a click on a column header to sort, with nothing selected,
     * selects no project (review: it selected the first, and Suspend would have acted on a project never chosen).
     */
    @Test
    void clickingAHeaderWithNothingSelectedSelectsNoProject(FxRobot robot) throws Exception {
        TableView<ProjectRow> t = openWithNothingSelectedAndTheFocusElsewhere(robot);
        Node header = robot.lookup(n -> n instanceof TableColumnHeader
                && ((TableColumnHeader) n).getTableColumn() != null
                && "debtColumn".equals(((TableColumnHeader) n).getTableColumn().getId())).query();

        robot.clickOn(header);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(t.isFocused());
        assertTrue(t.getSelectionModel().isEmpty(), () -> "selected " + t.getSelectionModel().getSelectedItem());
    }

    /** The row menu's "Change resource share" starts editing that project's share, as F2 does (keyboard QA). */
    @Test
    void theRowMenuChangesTheResourceShare(FxRobot robot) throws Exception {
        open(robot);
        TableView<ProjectRow> t = table(robot);
        openMenuByKey(robot, t, "B", "Change resource share (F2)");

        robot.clickOn("Change resource share (F2)");
        GuiFixture.waitUntil(() -> t.getEditingCell() != null);
        robot.eraseText(3).write("300").type(KeyCode.ENTER);

        // B: 100 -> 300.
        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 300);
        assertEquals(100, engineView("A").resourceShare());
    }

    @Test
    void editingShareReachesEngineAndMarksTheChart(FxRobot robot) throws Exception {
        open(robot);
        assertEquals("50.0 %", table(robot).getItems().get(0).sharePercentProperty().get());

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("300").type(KeyCode.ENTER);

        GuiFixture.waitUntil(() -> engineView("A").resourceShare() == 300);
        // 300 / (300 + 100) = 75 %
        GuiFixture.waitUntil(() -> "75.0 %".equals(table(robot).getItems().get(0).sharePercentProperty().get()));
        GuiFixture.waitUntil(() -> f.model.projects().shareMarks().size() == 1);
        assertEquals("A: share 100 -> 300", f.model.projects().shareMarks().get(0).label());
        assertTrue(f.model.events().allRows().stream().anyMatch(r -> r.getDetail().contains("100 -> 300")));
    }

    /**
     * A share typed and left by a click on another row, or by Tab, is applied as by Enter; the stock cell dropped it
     * without a word and showed the old share again. Escape leaves the share as it was.
     */
    @Test
    void aShareTypedIsAppliedWhenTheUserClicksElsewhereOrTabsAwayAndKeptOnEscape(FxRobot robot) throws Exception {
        open(robot);

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("300");
        robot.clickOn(cell(robot, "nameColumn", 1));
        GuiFixture.waitUntil(() -> engineView("A").resourceShare() == 300);
        assertFalse(table(robot).getEditingCell() != null, "the edit ended with the click");

        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("50").type(KeyCode.TAB);
        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 50);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(table(robot).getEditingCell(), "Tab ends the edit");

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("7").type(KeyCode.ESCAPE);
        robot.clickOn(cell(robot, "nameColumn", 1));
        // Commands reach the engine in order: once B's next change (Enter) is in force, an edit Escape had let
        // through would be too. A keeps 300; three changes in all (A 100 -> 300, B 100 -> 50, B 50 -> 60).
        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("60").type(KeyCode.ENTER);
        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 60);
        assertEquals(300, engineView("A").resourceShare());
        GuiFixture.waitUntil(() -> f.model.projects().shareMarks().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("300", ((TableCell<?, ?>) shareCell(robot, 0)).getText());
    }

    /** F2 edits the selected project's share, as a double-click does. */
    @Test
    void f2EditsTheSelectedProjectsShare(FxRobot robot) throws Exception {
        open(robot);

        robot.clickOn(cell(robot, "nameColumn", 1)).type(KeyCode.F2);
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(table(robot).getEditingCell(), "F2 starts an edit");
        assertEquals("shareColumn", table(robot).getEditingCell().getTableColumn().getId());
        assertEquals(1, table(robot).getEditingCell().getRow());
        // The old share is selected, so typing replaces it.
        robot.write("40").type(KeyCode.ENTER);

        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 40);
        assertEquals(100, engineView("A").resourceShare());
    }

    /**
     * A share typed and left by showing another pane is applied too: the pane leaves the scene with the edit open,
     * and the edit stayed open, showing "300" beside a share never applied.
     */
    @Test
    void aShareTypedIsAppliedWhenAnotherPaneIsShown(FxRobot robot) throws Exception {
        open(robot);

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("300");
        robot.clickOn("Tasks");
        GuiFixture.waitUntil(() -> engineView("A").resourceShare() == 300);
        robot.clickOn("Projects");
        WaitForAsyncUtils.waitForFxEvents();

        assertNull(table(robot).getEditingCell(), "the edit ended with the pane");
        assertEquals("300", ((TableCell<?, ?>) shareCell(robot, 0)).getText());
    }

    /**
     * The decisions panel follows the pane shown: a task picked on Tasks, then Projects shown again with project A
     * still selected, left the panel on the task beside A's highlighted row.
     */
    @Test
    void showingThePaneAgainShowsItsSelectedProjectsDecisions(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> table(robot).getSelectionModel().select(0));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().equals("Decisions about project A"));

        robot.clickOn("Tasks");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            TableView<?> tasks = robot.lookup(".table-view").match(n -> n.getScene() != null && n.isVisible())
                    .queryAs(TableView.class);
            tasks.getSelectionModel().select(tasks.getItems().size() - 1);
        });
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().startsWith("Decisions about task "));
        robot.clickOn("Projects");

        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().equals("Decisions about project A"));
    }

    @Test
    void aFractionalShareShowsAsTypedAndTheWorkBarsCountFromTheChange(FxRobot robot) throws Exception {
        open(robot);

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("12.5").type(KeyCode.ENTER);

        GuiFixture.waitUntil(() -> engineView("A").resourceShare() == 12.5);
        // 12.5, not "13"; 12.5 / (12.5 + 100) = 11.1 %.
        GuiFixture.waitUntil(() -> "11.1 %".equals(table(robot).getItems().get(0).sharePercentProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("12.5", ((TableCell<?, ?>) shareCell(robot, 0)).getText());
        assertTrue(f.model.projects().shareSeries().get(2).getName().startsWith("Work done since the shares changed, "),
                f.model.projects().shareSeries().get(2).getName());
    }

    @Test
    void targetColumnSaysWhatEachShareComesToOnAHostWithAGpu(FxRobot robot) throws Exception {
        // 1 CPU of 1 GFLOPS and a GPU counted at 0.2 x 10 = 2 GFLOPS: 3 in all. A (100) has CPU and GPU apps, B (100)
        // only a CPU app. A's GPU tasks take 0.1 CPU each, so B can have at most the CPU's other 0.9 (30.0 %, below
        // its 50 % share); A gets the GPU's 2 and the 0.1 (70.0 %).
        robot.interact(() -> {
            f = GuiFixture.open(stage, WorkFetchPaneTest.gpuNeverSupplied());
            f.main.selectPane("projects");
        });
        f.awaitTime(START);
        GuiFixture.waitUntil(() -> robot.lookup(n -> isTargetCell(n, 1)).tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        TableCell<?, ?> a = targetCell(robot, 0);
        TableCell<?, ?> b = targetCell(robot, 1);
        assertEquals("70.0 %", a.getText());
        assertEquals("30.0 %", b.getText());
        assertTrue(b.getStyleClass().contains("below-share"));
        assertFalse(a.getStyleClass().contains("below-share"));
        assertEquals("30.0 % of this computer's work, below its 50.0 % share: its applications use only the CPU, "
                + "which does 30.0 % of the work besides the 3.3 % the CPU spends on GPU tasks, and it gets all of it.",
                b.getTooltip().getText());
        assertTrue(a.getTooltip().getText().contains("projects that cannot use the NVIDIA GPU leave their part"));
        // The chart's middle series is the target: A 70, B 30.
        var target = f.model.projects().shareSeries().get(1);
        assertEquals("Target", target.getName());
        assertEquals(70, bar(target, "A").getXValue().doubleValue(), 1e-9);
        assertEquals(30, bar(target, "B").getXValue().doubleValue(), 1e-9);
        // Bars run across (their axis drawn below the chart's rows, which scroll), projects down the side in the
        // table's order: A above B.
        NumberAxis across = robot.lookup("#shareAxis").queryAs(NumberAxis.class);
        assertEquals("Part of this computer's work (%)", across.getLabel());
        CategoryAxis down = (CategoryAxis) robot.lookup(".share-chart").queryAs(BarChart.class).getYAxis();
        assertTrue(down.getDisplayPosition("A") < down.getDisplayPosition("B"));
        // Share in grey, target in orange, work done in blue: three colours told apart at a glance.
        assertEquals(List.of(Color.web("#bab0ac"), Color.web("#f28e2b"), Color.web("#4e79a7")),
                f.model.projects().shareSeries().stream().map(series -> barColour(series.getData().get(0))).toList());
    }

    private static XYChart.Data<Number, String> bar(XYChart.Series<Number, String> series, String project) {
        return series.getData().stream().filter(d -> d.getYValue().equals(project)).findFirst().orElseThrow();
    }

    private static Paint barColour(XYChart.Data<Number, String> bar) {
        return ((Region) bar.getNode()).getBackground().getFills().get(0).getFill();
    }

    private static boolean isTargetCell(Node n, int index) {
        return n instanceof TableCell && ((TableCell<?, ?>) n).getTableColumn() != null
                && "targetColumn".equals(((TableCell<?, ?>) n).getTableColumn().getId())
                && ((TableCell<?, ?>) n).getIndex() == index && !((TableCell<?, ?>) n).isEmpty();
    }

    private TableCell<?, ?> targetCell(FxRobot robot, int index) {
        return robot.lookup(n -> isTargetCell(n, index)).query();
    }

    /** Hovering over the Debt header says which sign means owed; the header shows the title only once. */
    @Test
    void aStateWithNoProjectsSaysSoAndWhatToOpen(FxRobot robot) throws Exception {
        // A client attached to no project (as one file of the corpus is): the table and the debt chart say so.
        robot.interact(() -> {
            f = GuiFixture.open(stage, new ScenarioBuilder(Host.cpuOnly(2, 1e9)).build("no projects"));
            f.main.selectPane("projects");
        });
        f.awaitTime(START);

        assertTrue(table(robot).getItems().isEmpty());
        Label placeholder = robot.lookup("#noProjects").queryAs(Label.class);
        assertTrue(placeholder.isVisible() && placeholder.getText().startsWith("No projects: this client is "
                + "attached to none. File > Open client_state.xml"), placeholder.getText());
        assertTrue(robot.lookup("#noProjectsToChart").queryAs(Label.class).isVisible());
        // The charts' empty axes give way to the notes.
        assertFalse(robot.lookup("#debtChart").query().isVisible());
        assertFalse(robot.lookup("#shareChart").query().isVisible());
        assertTrue(robot.lookup("#noProjectsToShare").queryAs(Label.class).isVisible());
        // The share chart's key goes with its bars.
        assertFalse(robot.lookup("#workKey").query().isVisible());

        robot.interact(() -> f.close());
        f = null;
        open(robot);
        GuiFixture.waitUntil(() -> !table(robot).getItems().isEmpty());
        assertFalse(robot.lookup("#noProjectsToChart").queryAs(Label.class).isVisible(), "projects: no note");
        assertTrue(robot.lookup("#shareChart").query().isVisible());
        assertFalse(robot.lookup("#noProjectsToShare").queryAs(Label.class).isVisible());
        assertTrue(robot.lookup("#workKey").query().isVisible());
    }

    @Test
    void debtHeaderSaysWhichSignIsOwedOnHovering(FxRobot robot) throws Exception {
        open(robot);
        Node header = robot.lookup(".column-header").match(n -> n instanceof TableColumnHeader h
                && h.getTableColumn() != null && "debtColumn".equals(h.getTableColumn().getId())).query();
        Label own = (Label) header.lookup(".label");
        assertEquals(ContentDisplay.GRAPHIC_ONLY, own.getContentDisplay());
        assertEquals("Debt", ((Label) own.getGraphic()).getText());

        robot.moveTo(header);
        GuiFixture.waitUntil(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Tooltip t
                && t.isShowing() && t.getText().contains("Positive: it is owed work")));
        robot.moveTo(robot.lookup("#hint").queryAs(Label.class));
    }

    /**
     * The share typed is read as a number, as the What-if dialog reads it: "100.0" over 100 changes nothing (no
     * command, no mark on the chart, no new scheduling period); a decimal comma is a decimal point.
     */
    @Test
    void aShareIsReadAsANumberNotAsText(FxRobot robot) throws Exception {
        open(robot);

        robot.doubleClickOn(shareCell(robot, 0)).eraseText(3).write("100.0").type(KeyCode.ENTER);
        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("12,5").type(KeyCode.ENTER);

        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 12.5);
        GuiFixture.waitUntil(() -> f.model.projects().shareMarks().size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("B: share 100 -> 12.5"), f.model.projects().shareMarks().stream()
                .map(m -> m.label()).toList());
        assertEquals("", f.model.projects().messageProperty().get());
    }

    @Test
    void invalidShareIsRefusedWithAMessage(FxRobot robot) throws Exception {
        open(robot);

        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("-5").type(KeyCode.ENTER);

        GuiFixture.waitUntil(() -> !f.model.projects().messageProperty().get().isEmpty());
        assertTrue(robot.lookup("#message").queryAs(Label.class).getText().contains("from 0"));
        assertEquals(100, engineView("B").resourceShare());
        // The refused text stays in the field, outlined in red, to be put right; it was dropped, the old share shown.
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(table(robot).getEditingCell(), "the edit stays open");
        TextField field = robot.lookup(".table-cell .text-field").queryAs(TextField.class);
        assertEquals("-5", field.getText());
        assertTrue(field.getStyleClass().contains("invalid"));
        robot.write("5").type(KeyCode.ENTER);
        // Typed over the selected "-5": "5", which is applied.
        GuiFixture.waitUntil(() -> engineView("B").resourceShare() == 5);
        GuiFixture.waitUntil(() -> f.model.projects().messageProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(table(robot).getEditingCell());

        // Refused, then undone with Escape: the share stays, and the refusal's message goes with the edit.
        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("-1").type(KeyCode.ENTER);
        GuiFixture.waitUntil(() -> !f.model.projects().messageProperty().get().isEmpty());
        robot.type(KeyCode.ESCAPE);
        GuiFixture.waitUntil(() -> f.model.projects().messageProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(table(robot).getEditingCell());

        // Refused again, then left by a click elsewhere: dropped, and the message says why.
        robot.doubleClickOn(shareCell(robot, 1)).eraseText(3).write("x").type(KeyCode.ENTER);
        GuiFixture.waitUntil(() -> !f.model.projects().messageProperty().get().isEmpty());
        robot.clickOn(cell(robot, "nameColumn", 0));
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(table(robot).getEditingCell());
        assertEquals("5", ((TableCell<?, ?>) shareCell(robot, 1)).getText());
        assertEquals(5, engineView("B").resourceShare());
        // The message takes the hint's place; the buttons keep their whole width (they were squeezed to "S...").
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#hint").queryAs(Label.class).isVisible());
        for (String id : List.of("#suspendButton", "#noNewTasksButton", "#updateButton", "#whatIfButton")) {
            Button b = robot.lookup(id).queryButton();
            assertTrue(b.getWidth() >= b.prefWidth(-1) - 0.5, id + " " + b.getWidth() + " < " + b.prefWidth(-1));
        }

        // Another emulation opened: the refusal of a share typed in the last one is gone.
        robot.interact(() -> f.model.start(f.model.prepare(GuiFixture.twoProjects(), 1),
                EmulatorDriver.Speed.HOUR_PER_SECOND, false, ""));
        GuiFixture.waitUntil(() -> f.model.projects().messageProperty().get().isEmpty());
        assertTrue(robot.lookup("#hint").queryAs(Label.class).isVisible());
    }

    @Test
    void suspendAndNoNewTasksButtonsActOnTheSelectedProject(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> table(robot).getSelectionModel().select(0));

        robot.clickOn("#suspendButton");
        GuiFixture.waitUntil(() -> engineView("A").suspended());
        assertEquals("Resume", robot.lookup("#suspendButton").queryButton().getText().replace("_", ""));
        GuiFixture.waitUntil(() -> table(robot).getItems().get(0).statusProperty().get()
                .startsWith("Suspended by you"));

        robot.clickOn("#noNewTasksButton");
        GuiFixture.waitUntil(() -> engineView("A").noNewTasks());
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains("project A"));
    }

    /**
     * A project to be removed when its tasks are done (detach_when_done) gets no new tasks whatever is clicked: its
     * "Allow new tasks" button is off, and on again for a project the user set alone.
     */
    @Test
    void aProjectToBeRemovedWhenDoneCannotBeAllowedNewTasks(FxRobot robot) throws Exception {
        Scenario scenario = GuiFixture.twoProjects();
        scenario.initialState().projects().stream().filter(p -> p.name().equals("A")).findFirst().orElseThrow()
                .setDetachWhenDone(true);
        robot.interact(() -> {
            f = GuiFixture.open(stage, scenario);
            f.main.selectPane("projects");
        });
        f.awaitTime(START);
        GuiFixture.waitUntil(() -> table(robot).getItems().size() == 2);
        int a = table(robot).getItems().get(0).nameProperty().get().equals("A") ? 0 : 1;

        robot.interact(() -> table(robot).getSelectionModel().select(a));
        Button button = robot.lookup("#noNewTasksButton").queryButton();
        GuiFixture.waitUntil(button::isDisabled);
        assertEquals("Allow new tasks", button.getText().replace("_", ""));

        robot.interact(() -> table(robot).getSelectionModel().select(1 - a));
        assertFalse(button.isDisabled());
        assertEquals("No new tasks", button.getText().replace("_", ""));
    }

    @Test
    void debtChartGetsAPointPerProjectPerPeriod(FxRobot robot) throws Exception {
        open(robot);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);

        GuiFixture.waitUntil(() -> f.model.projects().debtSeries().size() == 2
                && f.model.projects().debtSeries().get(0).getData().size() >= 2);
        // After the first period A's debt is -30 min = -0.5 CPU hours.
        var a = f.model.projects().debtSeries().get(0).getData();
        assertEquals(-0.5, a.get(a.size() - 1).getYValue().doubleValue(), 1e-9);
        assertEquals(1.0 / 24, a.get(a.size() - 1).getXValue().doubleValue(), 1e-9);
    }

    @Test
    void resourceDebtOfSeed002IsShownPerProject(FxRobot robot) throws Exception {
        // One period on: A has run a CPU-hour, B none. A's seed-002 debt is its share per averaged CPU hour:
        // the hour was added just now, undecayed, so 100 / 1 = 100; B has had no CPU time yet.
        open(robot);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);

        GuiFixture.waitUntil(() -> table(robot).getItems().get(0).resourceDebtProperty().get() < 1000);
        assertEquals(100, table(robot).getItems().get(0).resourceDebtProperty().get(), 0.01);
        assertTrue(Double.isInfinite(table(robot).getItems().get(1).resourceDebtProperty().get()));
        // Shown with two decimals and its unit (share per CPU hour), as a column of figures that line up; B's,
        // never given CPU time, as infinity.
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("100.00 /h", "\u221e"), List.of(resourceDebtCell(robot, 0).getText(),
                resourceDebtCell(robot, 1).getText()));
        // The infinity says what it means first in its own tooltip; a figure has the column's explanation alone.
        assertTrue(resourceDebtCell(robot, 1).getTooltip().getText().startsWith("\u221e: no CPU time lately"),
                resourceDebtCell(robot, 1).getTooltip().getText());
        assertTrue(resourceDebtCell(robot, 0).getTooltip().getText().startsWith("The resource share per hour"));
    }

    private static TableCell<?, ?> resourceDebtCell(FxRobot robot, int index) {
        return robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "resourceDebtColumn".equals(c.getTableColumn().getId()) && c.getIndex() == index
                && !c.isEmpty()).query();
    }
}
