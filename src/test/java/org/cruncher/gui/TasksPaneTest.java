package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javafx.event.Event;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;

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
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.tasks.TaskRow;
import org.cruncher.gui.tasks.TaskSort;
import org.cruncher.gui.text.Format;

@ExtendWith(ApplicationExtension.class)
class TasksPaneTest {

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

    private void open(FxRobot robot, Scenario s) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, s));
        f.awaitTime(START);
    }

    @SuppressWarnings("unchecked")
    private static TableView<TaskRow> table(FxRobot robot) {
        return robot.lookup("#table").match(n -> n.getParent() != null
                && n.getScene() != null && ((TableView<?>) n).getColumns().size() == 11).queryAs(TableView.class);
    }

    private static TaskRow row(FxRobot robot, String project, TaskStatus status) {
        return table(robot).getItems().stream().filter(r -> r.projectProperty().get().equals(project)
                && r.statusProperty().get() == status).findFirst().orElse(null);
    }

    @Test
    void whyColumnNamesTheRivalAndBothAnticipatedDebts(FxRobot robot) throws Exception {
        // Period 1: debts tie at 0, A (smaller URL) runs a CPU-hour. Step: A's debt 0.5 - 1 = -30 min, B's +30 min;
        // B gets the only CPU (its anticipated debt +30 min when it won it). A's task waits, and says so.
        open(robot, GuiFixture.twoProjects());
        assertEquals(TaskStatus.RUNNING, row(robot, "A", TaskStatus.RUNNING).statusProperty().get());

        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);

        GuiFixture.waitUntil(() -> row(robot, "A", TaskStatus.PREEMPTED) != null);
        TaskRow a = row(robot, "A", TaskStatus.PREEMPTED);
        // The debts are those of the pass at the step's boundary, which the words date (the columns move on).
        assertEquals("Waiting: at " + Format.clock(START + 3600) + " B took the last CPU with anticipated debt "
                + "+30 min, against A's -30 min", a.whyProperty().get());
        TaskRow b = row(robot, "B", TaskStatus.RUNNING);
        assertEquals("Running: largest anticipated debt for a CPU (+30 min)", b.whyProperty().get());
        assertTrue(a.explanationProperty().get().contains("below B's (+30 min)"));
    }

    @Test
    void aGpuTasksResourcesKeepTheGpuInViewWhereCutAndShowWholeOnHovering(FxRobot robot) throws Exception {
        // "0.1 CPU + 1 NVIDIA GPU" in a column of 90 pixels: the cut falls at its start, so the GPU it uses stays
        // in view (at a laptop's 1,326-pixel window every column is at its least, and the end was cut, "0.1 CPU +
        // 1 ..."); the project and application cells show their whole text on hovering too.
        Host host = new Host("h", "CPU", 2, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "Test GPU", false)));
        open(robot, new ScenarioBuilder(host).project("Asteroids", 100)
                .gpuApp("asteroids_gpu", ResourceType.NVIDIA, 0.1, 3600, 864000).build("gpu task"));
        robot.interact(() -> table(robot).getColumns().stream()
                .filter(c -> "resourcesColumn".equals(c.getId())).findFirst().orElseThrow().setPrefWidth(90));
        WaitForAsyncUtils.waitForFxEvents();

        TableCell<?, ?> cell = cellOf(robot, "resourcesColumn");
        assertEquals("0.1 CPU + 1 NVIDIA GPU", cell.getText());
        assertEquals(OverrunStyle.LEADING_ELLIPSIS, cell.getTextOverrun());
        assertEquals(cell.getText(), cell.getTooltip().getText());
        Text shown = robot.from(cell).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
        assertTrue(shown.getText().startsWith(cell.getEllipsisString()) && shown.getText().endsWith("NVIDIA GPU"),
                shown.getText());
        for (String column : List.of("projectColumn", "appColumn")) {
            TableCell<?, ?> c = cellOf(robot, column);
            assertEquals(c.getText(), c.getTooltip().getText(), column);
        }
    }

    private static TableCell<?, ?> cellOf(FxRobot robot, String columnId) {
        return robot.lookup(n -> n instanceof TableCell && ((TableCell<?, ?>) n).getTableColumn() != null
                && columnId.equals(((TableCell<?, ?>) n).getTableColumn().getId())
                && !((TableCell<?, ?>) n).isEmpty()).query();
    }

    /**
     * In a window of 1,240 pixels (what a 1,280 x 720 screen leaves), every column, the Why last, is in view without
     * scrolling: the columns' least widths came to 1,287 pixels, and the Why was pushed out of sight.
     */
    @Test
    void atALaptopsWidthTheWhyColumnIsInViewWithoutScrolling(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        robot.interact(() -> stage.setWidth(1240));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<TaskRow> table = table(robot);
        TableColumn<TaskRow, ?> why = table.getColumns().get(table.getColumns().size() - 1);
        assertEquals("whyColumn", why.getId());
        GuiFixture.waitUntil(() -> table.getWidth() < 1240);

        double columns = table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum();
        assertTrue(columns <= table.getWidth(), columns + " > " + table.getWidth());
        assertTrue(why.getWidth() >= why.getMinWidth(), "the Why keeps at least its least width");
    }

    @Test
    void aTaskNameThatDoesNotFitIsCutInTheMiddleAndShownWholeOnHovering(FxRobot robot) throws Exception {
        // BOINC's task names differ at their ends, so the cell keeps both ends and the tooltip has the whole name.
        // A name of about 50 characters (Milkyway's are longer) in a column of 120 pixels.
        open(robot, new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("Milkyway", 100)
                .cpuApp("de_nbody_v196_OCS_north_core_fitting_110k", 7200, 864000).build("long names"));
        robot.interact(() -> table(robot).getColumns().get(1).setPrefWidth(120));
        WaitForAsyncUtils.waitForFxEvents();

        TableCell<?, ?> cell = robot.lookup(n -> n instanceof TableCell && ((TableCell<?, ?>) n).getTableColumn() != null
                && "nameColumn".equals(((TableCell<?, ?>) n).getTableColumn().getId())
                && !((TableCell<?, ?>) n).isEmpty()).query();
        String name = (String) cell.getItem();
        assertEquals(OverrunStyle.CENTER_ELLIPSIS, cell.getTextOverrun());
        assertEquals(name, cell.getText());
        assertEquals(name, cell.getTooltip().getText());
        Text shown = robot.from(cell).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
        String dots = cell.getEllipsisString();
        int cut = shown.getText().indexOf(dots);
        assertTrue(cut > 0, shown.getText());
        assertTrue(name.startsWith(shown.getText().substring(0, cut)), shown.getText());
        assertTrue(name.endsWith(shown.getText().substring(cut + dots.length())), shown.getText());
    }

    @Test
    void activeOnlyFilterHidesFinishedTasks(FxRobot robot) throws Exception {
        // One CPU, 20-minute jobs: after a period some have finished and wait to be reported (reports go with
        // the next request, up to a day later).
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 1200, 864000)
                .build("short jobs");
        open(robot, s);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);
        int all = table(robot).getItems().size();
        long finished = table(robot).getItems().stream()
                .filter(r -> r.statusProperty().get() == TaskStatus.READY_TO_REPORT).count();
        assertTrue(finished > 0 && finished < all, finished + " of " + all);

        robot.clickOn("#activeOnly");

        GuiFixture.waitUntil(() -> table(robot).getItems().size() == all - finished);
        assertTrue(robot.lookup("#activeOnly").queryAs(CheckBox.class).isSelected());
        assertTrue(table(robot).getItems().stream().allMatch(r -> r.statusProperty().get().isActive()));
    }

    /**
     * The table's sort order is kept as the user sorts, by names the window remembers between launches: each column
     * has one, and a header clicked twice (descending) replaces the default order.
     */
    @Test
    void theSortOrderIsKeptAsTheUserSortsByNamesEveryColumnHas(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        assertEquals(TaskSort.DEFAULT, f.model.tasks().sortProperty().get());
        for (TableColumn<TaskRow, ?> c : table(robot).getColumns()) {
            assertTrue(TaskSort.COLUMNS.contains(c.getId().replace("Column", "")), c.getId());
        }

        Node header = robot.lookup(n -> n instanceof TableColumnHeader h
                && h.getTableColumn() != null && "remainingColumn".equals(h.getTableColumn().getId())).query();
        robot.clickOn(header).clickOn(header);

        assertEquals(new TaskSort(List.of(new TaskSort.Key("remaining", false))),
                f.model.tasks().sortProperty().get());
    }

    /**
     * A table sorted by a column whose values change as tasks run stays in that order: sorted by Remaining, the
     * running task (7,200 s, 1,200 s of it done after 20 emulated minutes) goes below the tasks still at 7,200 s. It
     * kept its place until a task's status changed, an hour later, under the header's sort arrow. Review.
     */
    @Test
    void aTableSortedByRemainingTimeStaysSortedAsTasksRun(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TableView<TaskRow> t = table(robot);
        robot.interact(() -> {
            TableColumn<TaskRow, ?> remaining = t.getColumns().stream()
                    .filter(c -> "remainingColumn".equals(c.getId())).findFirst().orElseThrow();
            remaining.setSortType(TableColumn.SortType.DESCENDING);
            t.getSortOrder().setAll(List.of(remaining));
        });

        robot.interact(() -> f.model.clock().togglePlay());
        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().time() >= START + 1200);
        robot.interact(() -> f.model.clock().togglePlay());
        WaitForAsyncUtils.waitForFxEvents();

        List<Double> shown = new ArrayList<>();
        robot.interact(() -> t.getItems().forEach(r -> shown.add(r.remainingProperty().get())));
        List<Double> descending = new ArrayList<>(shown);
        descending.sort(Comparator.reverseOrder());
        assertTrue(descending.get(0) > descending.get(shown.size() - 1), "a task has done some work: " + shown);
        assertEquals(descending, shown);
    }

    @Test
    void suspendAndResumeFromTheContextMenu(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        Node rowNode = robot.lookup(n -> n instanceof TableRow && ((TableRow<?>) n).getItem() == running).query();

        showMenu(robot, rowNode);
        robot.clickOn("Suspend task");

        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);
        assertEquals("Suspended by you", running.whyProperty().get());
        // The status bar names it too, not as "1 other".
        GuiFixture.waitUntil(() -> f.model.countsProperty().get().contains("1 suspended by you"));
        // The CPU came free: the largest expected future debt gets it (a tie at 0 here: A, the smaller URL).
        GuiFixture.waitUntil(() -> table(robot).getItems().stream()
                .anyMatch(r -> r != running && r.statusProperty().get() == TaskStatus.RUNNING));

        // The table re-sorts as statuses change: wait until the row shows the suspended task again before opening
        // its menu (a row looked up mid-layout may show another task by the time it is clicked).
        WaitForAsyncUtils.waitForFxEvents();
        GuiFixture.waitUntil(() -> robot.lookup(n -> n instanceof TableRow && ((TableRow<?>) n).getItem() == running)
                .tryQuery().isPresent());
        Node again = robot.lookup(n -> n instanceof TableRow && ((TableRow<?>) n).getItem() == running).query();
        showMenu(robot, again);
        robot.clickOn("Resume task");
        GuiFixture.waitUntil(() -> running.statusProperty().get() != TaskStatus.SUSPENDED_BY_USER);
    }

    /**
     * The keyboard's way to suspend and resume a task: the selected task's button (Alt+U). The row's menu was the
     * only way, and Shift+F10 does not open it everywhere. Without a selection the button does nothing.
     */
    @Test
    void suspendAndResumeTheSelectedTaskWithTheKeyboard(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        Button button = robot.lookup("#suspendButton").queryAs(Button.class);
        assertTrue(button.isDisabled(), "no task selected");
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> {
            table(robot).getSelectionModel().select(running);
            table(robot).requestFocus();
        });
        assertFalse(button.isDisabled());
        assertEquals("S_uspend", button.getText());

        robot.press(KeyCode.ALT).type(KeyCode.U).release(KeyCode.ALT);

        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);
        GuiFixture.waitUntil(() -> button.getText().equals("Res_ume"));
        robot.press(KeyCode.ALT).type(KeyCode.U).release(KeyCode.ALT);
        GuiFixture.waitUntil(() -> running.statusProperty().get() != TaskStatus.SUSPENDED_BY_USER);
        GuiFixture.waitUntil(() -> button.getText().equals("S_uspend"));
        // The keys stay with the table: Down moves in it. The menu bar took Alt+U for Alt alone, and Down opened
        // File; the button took the focus from the table. (Headless, the window is not focused, so the menu bar
        // ignores Down either way: that half was seen under Xvfb, before and after AltCombinationGuard.)
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(table(robot).isFocused(), "the table has the keys, not " + table(robot).getScene().getFocusOwner());
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup((Node n) -> n instanceof MenuBar).queryAs(MenuBar.class).getMenus().stream()
                .noneMatch(Menu::isShowing), "no menu opened");
    }

    /**
     * In a window narrow enough for the table to scroll sideways, Shift+F10 still opens the focused row's menu (QA at
     * 800x600: a row wider than the table was never taken as shown, and nothing opened).
     */
    @Test
    void theKeyboardOpensTheMenuOfARowWiderThanTheTable(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        TableView<TaskRow> table = table(robot);
        double width = stage.getWidth();
        robot.interact(() -> {
            stage.setWidth(500);
            table.getSelectionModel().select(running);
            table.requestFocus();
        });
        try {
            WaitForAsyncUtils.waitForFxEvents();
            robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
            GuiFixture.waitUntil(() -> robot.lookup("Suspend task").tryQuery().isPresent());
        } finally {
            robot.interact(() -> {
                robot.listWindows().stream().filter(w -> w instanceof ContextMenu).forEach(w -> ((ContextMenu) w)
                        .hide());
                stage.setWidth(width);
            });
        }
    }

    /**
     * Shift+F10 or the Menu key opens the focused task's menu under its row. The keys reach the table, which has the
     * focus; the menus were the rows' own, so nothing opened.
     */
    @Test
    void theKeyboardOpensTheFocusedTasksMenu(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        TableView<TaskRow> table = table(robot);
        robot.interact(() -> {
            table.getSelectionModel().select(running);
            table.requestFocus();
        });
        ContextMenu[] shown = new ContextMenu[1];
        double[] rowBottom = new double[1];
        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        robot.interact(() -> {
            TableRow<?> rowNode = (TableRow<?>) robot.lookup(n -> n instanceof TableRow
                    && ((TableRow<?>) n).getItem() == running).query();
            shown[0] = rowNode.getContextMenu();
            rowBottom[0] = rowNode.localToScreen(rowNode.getBoundsInLocal()).getMaxY();
        });
        // Each row has a menu of its own: the focused task's row opened its menu, under itself.
        assertTrue(shown[0].isShowing(), "the focused row's menu");
        assertEquals(rowBottom[0], shown[0].getAnchorY(), 0.5);

        robot.clickOn("Suspend task");
        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);

        // Where the platform turns the key into a menu request (Windows), the request reaches the table: the same.
        robot.interact(() -> Event.fireEvent(table, new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED, 0,
                0, 0, 0, true, null)));
        GuiFixture.waitUntil(() -> robot.lookup("Resume task").tryQuery().isPresent());
        robot.clickOn("Resume task");
        GuiFixture.waitUntil(() -> running.statusProperty().get() != TaskStatus.SUSPENDED_BY_USER);
    }

    /**
     * The menu a key opens on a suspended task has the keys on its first item that acts, "Resume task": the disabled
     * "Suspend task" above it was outlined, and Enter did nothing.
     */
    @Test
    void theKeyboardsMenuOutlinesItsFirstItemThatActs(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        TableView<TaskRow> table = table(robot);
        robot.interact(() -> f.model.tasks().suspend(running));
        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);
        robot.interact(() -> {
            table.getSelectionModel().select(running);
            table.requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();

        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        GuiFixture.waitUntil(() -> robot.lookup("Resume task").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        Node owner = robot.lookup("Resume task").query().getScene().getFocusOwner();
        assertTrue(owner != null && robot.from(owner).lookup((Node n) -> n instanceof javafx.scene.control.Label l
                && "Resume task".equals(l.getText())).tryQuery().isPresent(), "the keys on Resume: " + owner);
        robot.type(KeyCode.ENTER);
        GuiFixture.waitUntil(() -> running.statusProperty().get() != TaskStatus.SUSPENDED_BY_USER);
    }

    @Test
    void theMenuSuspendsTheTaskItWasOpenedOnAfterTheTableReSorts(FxRobot robot) throws Exception {
        // The live table re-sorts and reuses its rows: while a row's menu is open, the row may come to show another
        // task. "Suspend task" still suspends the task that was right-clicked, and no other.
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        TableRow<?> rowNode = (TableRow<?>) robot.lookup(n -> n instanceof TableRow
                && ((TableRow<?>) n).getItem() == running).query();
        showMenu(robot, rowNode);
        // The table sorted by task name the other way round puts another task in that row.
        TableView<TaskRow> table = table(robot);
        TableColumn<TaskRow, ?> name = table.getColumns().stream()
                .filter(c -> "nameColumn".equals(c.getId())).findFirst().orElseThrow();
        for (TableColumn.SortType way : TableColumn.SortType.values()) {
            if (rowNode.getItem() == running) {
                robot.interact(() -> {
                    name.setSortType(way);
                    table.getSortOrder().setAll(List.of(name));
                });
                WaitForAsyncUtils.waitForFxEvents();
            }
        }
        TaskRow shownThen = (TaskRow) rowNode.getItem();
        assertTrue(shownThen != running, "the row shows another task when the item is clicked");

        robot.clickOn("Suspend task");

        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);
        assertTrue(shownThen.statusProperty().get() != TaskStatus.SUSPENDED_BY_USER, shownThen.getName());
    }

    @Test
    void aSuspendedTaskStaysSelectedAsTheTableReSorts(FxRobot robot) throws Exception {
        // A right click selects the row; suspending it moves it down the table (its status sorts after the others),
        // and the selection, with the decisions shown below the table, follows it rather than staying at its place.
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> table(robot).getSelectionModel().select(running));
        Node rowNode = robot.lookup(n -> n instanceof TableRow && ((TableRow<?>) n).getItem() == running).query();

        showMenu(robot, rowNode);
        robot.clickOn("Suspend task");

        GuiFixture.waitUntil(() -> running.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER);
        GuiFixture.waitUntil(() -> table(robot).getItems().stream()
                .anyMatch(r -> r != running && r.statusProperty().get() == TaskStatus.RUNNING));
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(running, table(robot).getSelectionModel().getSelectedItem());
    }

    /**
     * Opens a row's context menu. Headless Monocle does not turn a right click into a context-menu request, so the
     * test asks the row for its menu and shows it where a right click would.
     */
    static void showMenu(FxRobot robot, Node rowNode) {
        robot.interact(() -> {
            TableRow<?> row = (TableRow<?>) rowNode;
            var b = row.localToScreen(row.getBoundsInLocal());
            row.getContextMenu().show(row, b.getMinX() + 20, b.getMaxY());
        });
    }

    @Test
    void selectingATaskShowsItsDecisions(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);

        robot.interact(() -> table(robot).getSelectionModel().select(running));

        GuiFixture.waitUntil(() -> f.model.history().items().stream()
                .anyMatch(r -> r.getWhat().equals("Task started") && r.getTask().equals(running.getName())));
        assertTrue(f.model.history().titleProperty().get().contains(running.getName()));
        assertTrue(f.model.history().explanationProperty().get().contains("no other project had a task that could run")
                || f.model.history().explanationProperty().get().contains("anticipated debt"));

        // Clearing the selection (Ctrl+click on the row) goes back to the latest decisions about everything.
        robot.interact(() -> table(robot).getSelectionModel().clearSelection());
        assertTrue(f.model.history().titleProperty().get().startsWith("Latest decisions"),
                f.model.history().titleProperty().get());
        assertEquals("", f.model.history().explanationProperty().get());
        assertTrue(f.model.history().items().stream().anyMatch(r -> !r.getTask().equals(running.getName())));
    }

    /**
     * A selected task that is reported and leaves the list leaves nothing selected: the table moved the selection to
     * the next row, and the decisions panel on every tab spoke of a task the user never picked.
     */
    @Test
    void aSelectedTaskThatIsReportedLeavesNothingSelected(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> table(robot).getSelectionModel().select(running));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains(running.getName()));

        robot.interact(() -> {
            f.model.clock().speedProperty().set(EmulatorDriver.Speed.DAY_PER_SECOND);
            f.model.clock().togglePlay();
        });
        GuiFixture.waitUntil(() -> !table(robot).getItems().contains(running));
        robot.interact(() -> f.model.clock().togglePlay());
        WaitForAsyncUtils.waitForFxEvents();

        assertNull(table(robot).getSelectionModel().getSelectedItem());
        assertTrue(f.model.history().titleProperty().get().startsWith("Latest decisions"),
                f.model.history().titleProperty().get());
    }

    /**
     * With "Show active tasks only" on, a selected task that finishes leaves the rows shown though it is still
     * listed (until reported): nothing is left selected. The selection moved on to whichever row took its place, and
     * the decisions panel with it (QA).
     */
    @Test
    void aSelectedTaskThatTheFilterHidesLeavesNothingSelected(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        robot.interact(() -> f.model.tasks().activeOnlyProperty().set(true));
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> table(robot).getSelectionModel().select(running));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains(running.getName()));

        robot.interact(() -> f.model.clock().togglePlay());
        GuiFixture.waitUntil(() -> !table(robot).getItems().contains(running));
        robot.interact(() -> f.model.clock().togglePlay());
        WaitForAsyncUtils.waitForFxEvents();

        assertNull(table(robot).getSelectionModel().getSelectedItem());
        assertTrue(f.model.history().titleProperty().get().startsWith("Latest decisions"),
                f.model.history().titleProperty().get());
    }

    /**
     * A selected task that "Show tasks at risk only" hides leaves nothing selected, and the Suspend button (Alt+U)
     * disabled: it stayed enabled, and would have suspended a task no longer in view.
     */
    @Test
    void theSuspendButtonActsOnlyOnATaskInView(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects());
        Button button = robot.lookup("#suspendButton").queryAs(Button.class);
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> {
            table(robot).getSelectionModel().select(running);
            table(robot).requestFocus();
        });
        assertFalse(button.isDisabled());

        robot.interact(() -> f.model.tasks().atRiskOnlyProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();

        assertFalse(table(robot).getItems().contains(running), "safe: hidden");
        assertNull(table(robot).getSelectionModel().getSelectedItem());
        assertTrue(button.isDisabled(), "Suspend acts on no hidden task");
        robot.press(KeyCode.ALT).type(KeyCode.U).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(TaskStatus.RUNNING, running.statusProperty().get());
    }

    /**
     * Between the picked task's leaving and the clearing, snapshots can move the selection again, at times by way of
     * none (the CI run of 2026-11-27 ended with a neighbour selected). Every such move is undone: here the table's
     * moves are made by hand, in one pulse, after the picked task is taken out of the list.
     */
    @Test
    void movesOfTheSelectionAfterThePickedTaskLeftAreAllUndone(FxRobot robot) throws Exception {
        open(robot, new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 7200, 864000)
                .project("B", 100).cpuApp("b1", 7200, 864000).project("C", 100).cpuApp("c1", 7200, 864000)
                .build("A, B and C"));
        TaskRow running = row(robot, "A", TaskStatus.RUNNING);
        robot.interact(() -> table(robot).getSelectionModel().select(running));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains(running.getName()));

        robot.interact(() -> {
            TableView<TaskRow> table = table(robot);
            List<TaskRow> others = table.getItems().stream().filter(r -> r != running).toList();
            f.model.tasks().rows().remove(running);
            table.getSelectionModel().select(others.get(0));
            table.getSelectionModel().clearSelection();
            table.getSelectionModel().select(others.get(1));
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertNull(table(robot).getSelectionModel().getSelectedItem());
        assertTrue(f.model.history().titleProperty().get().startsWith("Latest decisions"),
                f.model.history().titleProperty().get());
    }

    @Test
    void theExpectedFinishColumnAndTheAtRiskFilterShowWhichTasksWouldBeLate(FxRobot robot) throws Exception {
        // One CPU; A and B (equal shares) each get a 2-hour job at the start, due 3 hours later (10800 s). A's runs
        // the first hour. Then the forecast shares the CPU: both at 0.5 until A's last 3600 s are done at
        // 3600 + 2 x 3600 = 10800 (at its deadline, inside the scheduler's margin: at risk, not late), which puts A
        // first (deadline rescue): it keeps the CPU and ends at 3600 + 3600 = 7200, the time its cell shows. B's
        // then runs alone, its 7200 s ending at 14400: an hour after its deadline, red in both columns.
        open(robot, new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 7200, 10800)
                .project("B", 100).cpuApp("b1", 7200, 10800).build("tight deadlines"));
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);
        GuiFixture.waitUntil(() -> row(robot, "B", TaskStatus.READY_TO_START) != null
                && !Double.isNaN(row(robot, "B", TaskStatus.READY_TO_START).finishProperty().get().end()));
        TaskRow a = row(robot, "A", TaskStatus.RUNNING);
        TaskRow b = row(robot, "B", TaskStatus.READY_TO_START);
        assertEquals(START + 7200, a.finishProperty().get().end(), 1);
        assertEquals(START + 10800, a.finishProperty().get().forecastEnd(), 1);
        assertEquals(START + 10800, a.finishProperty().get().deadline(), 1);
        assertEquals(START + 14400, b.finishProperty().get().end(), 1);
        assertEquals(START + 10800, b.finishProperty().get().deadline(), 1);
        assertTrue(!a.finishProperty().get().late() && a.atRiskProperty().get());
        assertTrue(b.finishProperty().get().late() && b.atRiskProperty().get());

        // A cell takes its row's new values at the next layout, not at once: lay the table out before reading it.
        robot.interact(() -> table(robot).layout());
        TableCell<?, ?> cell = cell(robot, "finishColumn", b);
        assertEquals(Format.shortDateTime(START + 14400), cell.getText());
        assertTrue(cell.getStyleClass().contains("at-risk"));
        assertTrue(cell.getTooltip().getText().startsWith("Expected to finish 1 h 00 min after its deadline"),
                cell.getTooltip().getText());
        TableCell<?, ?> deadline = cell(robot, "deadlineColumn", b);
        assertTrue(deadline.getStyleClass().contains("at-risk"));
        assertTrue(deadline.getTooltip().getText().contains("1 h 00 min after its deadline"),
                deadline.getTooltip().getText());
        assertTrue(cell(robot, "deadlineColumn", a).getTooltip().getText().contains("at its deadline, but it or another task of its project"),
                cell(robot, "deadlineColumn", a).getTooltip().getText());

        // Selected in the focused table, its late figures take the selection's white: red on blue could not be read.
        robot.interact(() -> {
            table(robot).requestFocus();
            table(robot).getSelectionModel().select(b);
            table(robot).applyCss();
            table(robot).layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(javafx.scene.paint.Color.WHITE, cell(robot, "deadlineColumn", b).getTextFill());
        robot.interact(() -> table(robot).getSelectionModel().clearSelection());

        // Both are at risk, so the deadline-risk view keeps both.
        robot.clickOn("#atRiskOnly");

        assertTrue(robot.lookup("#atRiskOnly").queryAs(CheckBox.class).isSelected());
        GuiFixture.waitUntil(() -> table(robot).getItems().size() == 2);
        assertTrue(table(robot).getItems().containsAll(List.of(a, b)));

        // A's task runs its last 3600 s in the next period and is done by 7200, in time: it leaves the view, while
        // B's, which cannot end before 7200 + 7200 = 14400, stays (with any new task that is at risk too).
        robot.clickOn("#stepButton");
        f.awaitTime(START + 7200);
        GuiFixture.waitUntil(() -> !table(robot).getItems().contains(a));
        assertTrue(table(robot).getItems().contains(b));
        assertTrue(table(robot).getItems().stream().allMatch(r -> r.atRiskProperty().get()));
        assertTrue(a.statusProperty().get() == TaskStatus.UPLOADING
                || a.statusProperty().get() == TaskStatus.READY_TO_REPORT, a.statusProperty().get().toString());
        assertTrue(Double.isNaN(a.finishProperty().get().end()), "a task done computing has no expected finish");
    }

    /** The cell shown for {@code row} in {@code column} (not one the table keeps aside for measuring). */
    private static TableCell<?, ?> cell(FxRobot robot, String column, TaskRow row) {
        return robot.lookup(n -> n instanceof TableCell<?, ?> c && c.isVisible() && c.getTableColumn() != null
                && column.equals(c.getTableColumn().getId()) && c.getTableRow() != null
                && c.getTableRow().isVisible() && c.getTableRow().getItem() == row).query();
    }
}
