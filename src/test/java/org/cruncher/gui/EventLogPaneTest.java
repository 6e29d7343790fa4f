package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.events.EventRow;

@ExtendWith(ApplicationExtension.class)
class EventLogPaneTest {

    private static final double START = Scenario.DEFAULT_START;
    private Stage stage;
    private GuiFixture f;

    @TempDir
    Path tmp;

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
            f.main.selectPane("events");
        });
        f.awaitTime(START);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);
        GuiFixture.waitUntil(() -> f.model.events().visibleRows().size() > 10);
    }

    /**
     * A task's name too long for its column is cut in the middle, keeping the end that tells tasks of one app apart
     * (cut at the end, every Einstein@Home row read "einsteinbinary_BRP4_..."), and is whole on hovering.
     */
    @Test
    void aLongTaskNameIsCutInTheMiddleAndWholeOnHovering(FxRobot robot) throws Exception {
        open(robot);
        TableCell<?, ?> task = robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "taskColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null
                && n.getScene() != null).query();
        assertEquals(OverrunStyle.CENTER_ELLIPSIS, task.getTextOverrun());
        assertEquals(task.getText(), task.getTooltip().getText());
    }

    /** A time ("3 Jan 14:05:09") is whole on hovering, with its day of the week and year: "Sat 3 Jan 2026 14:05:09". */
    @Test
    void aTimeHasItsYearOnHovering(FxRobot robot) throws Exception {
        open(robot);
        TableCell<?, ?> time = robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "timeColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null
                && n.getScene() != null).query();
        String tip = time.getTooltip().getText();
        assertTrue(tip.matches("[A-Z][a-z]{2} " + time.getText().replaceFirst(" (\\d\\d:)", " \\\\d{4} $1")), tip);
    }

    /**
     * A reader scrolled down to older events keeps the rows they read as new ones come in at the top: the view
     * stayed at its index, so newer rows slid in under the reader at every batch (QA). At the top, the view
     * follows the newest. 20,000 events (full), the view scrolled to row 40, then 20 events twice: row 40's event
     * is at the top of the view each time, 20 rows further down.
     */
    @Test
    void aReaderScrolledDownKeepsTheRowsTheyReadAsNewEventsComeIn(FxRobot robot) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, GuiFixture.twoProjects());
            f.main.selectPane("events");
        });
        @SuppressWarnings("unchecked")
        TableView<EventRow> table = robot.lookup("#table").queryAs(TableView.class);
        robot.interact(() -> f.model.events().add(started(0, 20_000), 0));
        robot.interact(() -> table.scrollTo(40));
        WaitForAsyncUtils.waitForFxEvents();
        EventRow read = table.getItems().get(firstShown(table));

        for (int batch = 1; batch <= 2; batch++) {
            int from = 100_000 * batch;
            robot.interact(() -> f.model.events().add(started(from, 20), 0));
            WaitForAsyncUtils.waitForFxEvents();
            assertSame(read, table.getItems().get(firstShown(table)), "batch " + batch);
        }

        robot.interact(() -> table.scrollTo(0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> f.model.events().add(started(300_000, 20), 0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, firstShown(table), "at the top, the newest is shown");
        assertEquals("a_300019", table.getItems().get(0).getTask());
    }

    private static int firstShown(TableView<?> table) {
        return ((VirtualFlow<?>) table.lookup(".virtual-flow")).getFirstVisibleCell().getIndex();
    }

    /** {@code count} task starts of A, one a second from {@code from}. */
    private static List<EngineEvent> started(int from, int count) {
        List<EngineEvent> events = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            events.add(new EngineEvent(START + i, EventKind.TASK_STARTED, "A", "a_" + i, ResourceType.CPU,
                    "RUNNING_HIGHEST_DEBT", "+1 h"));
        }
        return events;
    }

    @Test
    void categoryFilterShowsOnlyThatCategory(FxRobot robot) throws Exception {
        open(robot);

        robot.interact(() -> robot.lookup("#categoryBox").queryAs(ComboBox.class).setValue("Task"));

        var rows = f.model.events().visibleRows();
        assertTrue(!rows.isEmpty());
        assertTrue(rows.stream().allMatch(r -> r.getCategory().equals("Task")));
    }

    @Test
    void theCountSaysHowManyEventsCameTooFastToShow(FxRobot robot) throws Exception {
        open(robot);
        int shown = f.model.events().visibleRows().size();

        robot.interact(() -> f.model.events().add(List.of(), 1234));

        // The Tasks pane has a count of its own, of the same id.
        List<String> counts = robot.lookup("#countLabel").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertTrue(counts.contains(String.format(Locale.ROOT, "%,d events; 1,234 more came too fast to show",
                shown)), counts.toString());
    }

    /**
     * At 800 x 600 the Detail column keeps its room and every column is in view (QA: Detail had 90 pixels, the rest
     * behind a sideways scroll bar); and the toolbar's controls stay where they are as the count grows (QA: at full
     * speed the count grew to "20,000 events (the newest ...)", narrowed the search field and moved Export under
     * the pointer), the count whole on hovering.
     */
    @Test
    void atEightHundredDetailKeepsItsRoomAndTheControlsStayPutAsTheCountGrows(FxRobot robot) throws Exception {
        openAtEightHundred(robot);
        TableView<?> table = eventTable(robot);
        double columns = table.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
        assertTrue(columns <= table.getWidth(), columns + " > " + table.getWidth());
        double detail = table.getVisibleLeafColumns().get(6).getWidth();
        assertTrue(detail >= 200, "Detail " + detail);
        Node search = robot.lookup("#searchField").query();
        Node export = robot.lookup("#exportButton").query();
        double searchWidth = search.getBoundsInParent().getWidth();
        double exportAt = export.getBoundsInParent().getMinX();

        robot.interact(() -> f.model.events().add(List.of(), 123_456));
        WaitForAsyncUtils.waitForFxEvents();

        Label count = robot.lookup(n -> n instanceof Label l && "countLabel".equals(l.getId())
                && l.getText().contains("123,456")).queryAs(Label.class);
        assertEquals(searchWidth, search.getBoundsInParent().getWidth(), 0.5, "the search field's width");
        assertEquals(exportAt, export.getBoundsInParent().getMinX(), 0.5, "Export's place");
        assertEquals(count.getText(), count.getTooltip().getText());
        assertTrue(count.getText().endsWith("123,456 more came too fast to show"), count.getText());
    }

    /**
     * Once the log holds events of two years, the older rows say their year and the time column makes room for it:
     * an event a year after the others (365 days) makes every other row one of the year before.
     */
    @Test
    void rowsOfAnEarlierYearThanTheNewestSayTheirYear(FxRobot robot) throws Exception {
        open(robot);
        String year = Integer.toString(java.time.Instant.ofEpochSecond((long) START)
                .atZone(java.time.ZoneId.systemDefault()).getYear());

        robot.interact(() -> f.model.events().add(List.of(new EngineEvent(START + 365 * 86400.0,
                EventKind.TASK_COMPLETED, "A", "a_9", ResourceType.CPU, "", "elapsed 1 h")), 0));
        WaitForAsyncUtils.waitForFxEvents();

        List<String> times = robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "timeColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null)
                .queryAllAs(TableCell.class).stream().map(c -> ((TableCell<?, ?>) c).getText()).toList();
        assertTrue(times.stream().filter(t -> t.contains(" " + year + " ")).count() >= 2, times.toString());
        TableView<?> table = eventTable(robot);
        assertTrue(table.getVisibleLeafColumns().get(0).getWidth() >= 140, "room for the year");
    }

    /**
     * At 800 x 600 the wider time column of a log of two years takes its room from Detail: every column stays in
     * view (QA: Detail ran off the table's right edge, with no "..." and no way to scroll to it).
     */
    @Test
    void atEightHundredAYearsRoomComesFromDetail(FxRobot robot) throws Exception {
        openAtEightHundred(robot);

        robot.interact(() -> f.model.events().add(List.of(new EngineEvent(START + 365 * 86400.0,
                EventKind.TASK_COMPLETED, "A", "a_9", ResourceType.CPU, "", "elapsed 1 h")), 0));
        WaitForAsyncUtils.waitForFxEvents();

        TableView<?> table = eventTable(robot);
        assertTrue(table.getVisibleLeafColumns().get(0).getWidth() >= 140, "room for the year");
        double columns = table.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
        assertTrue(columns <= table.getWidth(), columns + " > " + table.getWidth());
    }

    /** Opens the pane in a window of 800 x 600. */
    private void openAtEightHundred(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> {
            stage.setWidth(800);
            stage.setHeight(600);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static TableView<?> eventTable(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof TableView<?> t && t.getColumns().stream()
                .anyMatch(c -> "timeColumn".equals(c.getId()))).queryAs(TableView.class);
    }

    @Test
    void projectFilterListsProjectsAndFilters(FxRobot robot) throws Exception {
        open(robot);
        @SuppressWarnings("unchecked")
        ComboBox<String> box = robot.lookup("#projectBox").queryAs(ComboBox.class);
        assertEquals(List.of("All", "A", "B"), box.getItems());

        robot.interact(() -> box.setValue("B"));

        assertTrue(f.model.events().visibleRows().stream().allMatch(r -> r.getProject().equals("B")));
    }

    @Test
    void aFilterThatHidesEveryEventSaysNoneMatchAndAnEmptyLogSaysNoEventsYet(FxRobot robot) throws Exception {
        open(robot);
        robot.clickOn("#searchField").write("no such words anywhere");
        GuiFixture.waitUntil(() -> f.model.events().visibleRows().isEmpty());
        assertEquals("No events match.", robot.lookup("#noEvents").queryAs(Label.class).getText());

        robot.interact(() -> f.model.events().clear());

        assertEquals("No events yet.", robot.lookup("#noEvents").queryAs(Label.class).getText());
    }

    @Test
    void searchMatchesAnyColumn(FxRobot robot) throws Exception {
        open(robot);

        robot.clickOn("#searchField").write("preempted");

        GuiFixture.waitUntil(() -> !f.model.events().visibleRows().isEmpty()
                && f.model.events().visibleRows().stream()
                .allMatch(r -> (r.getWhat() + r.getDetail()).toLowerCase().contains("preempted")));
    }

    /**
     * An event's resource has a column of its own: two "backoff ended" rows of one project, one for its CPU and one
     * for its GPU, read the same without it (QA). Selecting an event with the keyboard shows it whole in the
     * decisions panel, among the other decisions about its task (its Detail is cut in the table, whole only on
     * hovering; QA).
     */
    @Test
    void anEventSaysItsResourceAndIsWholeInTheDecisionsPanelWhenSelected(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> f.model.events().searchProperty().set("Task started"));
        GuiFixture.waitUntil(() -> !f.model.events().visibleRows().isEmpty());
        EventRow first = f.model.events().visibleRows().get(0);
        assertEquals("CPU", first.getResource());

        TableView<?> table = robot.lookup(".table-view").queryAllAs(TableView.class).stream()
                .filter(t -> t.getItems() == f.model.events().visibleRows()).findFirst().orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(0));

        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().startsWith("Event of "));
        EventRow picked = (EventRow) table.getSelectionModel().getSelectedItem();
        assertEquals(picked.fullText(), f.model.history().explanationProperty().get());
        assertTrue(picked.fullText().startsWith(picked.getFullTime() + " - " + picked.getProject() + ", task "
                + picked.getTask() + ", CPU. Task started"), picked.fullText());
        assertTrue(f.model.history().items().stream().allMatch(r -> r.getTask().equals(picked.getTask())));
    }

    @Test
    void exportWritesTheEventsShown(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> f.model.events().categoryProperty().set("RPC"));
        int shown = f.model.events().visibleRows().size();
        File file = tmp.resolve("events.tsv").toFile();
        f.saveAs = file;

        robot.clickOn("#exportButton");

        GuiFixture.waitUntil(() -> Files.exists(file.toPath()) && Files.readAllLines(file.toPath()).size()
                == shown + 1);
        List<String> lines = Files.readAllLines(file.toPath());
        assertEquals("time\tcategory\tproject\ttask\tresource\tevent\tdetail", lines.get(0));
        assertTrue(lines.stream().skip(1).allMatch(l -> l.split("\t")[1].equals("RPC")));
        // Each time with its year, as a file outlives the window: "2026-01-03 14:05:09".
        assertTrue(lines.stream().skip(1).allMatch(l -> l.split("\t")[0]
                .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d")), lines.get(1));
        // The outcome stays beside the count, which new events rewrite, and names the folder too.
        GuiFixture.waitUntil(() -> robot.lookup("#exportOutcome").queryAs(Label.class).getText()
                .equals(shown + " events saved to " + file.getAbsolutePath()));
    }

    /**
     * In the narrowest window the toolbar's labels and button keep their words ("Cate...", "Exp..." and then "..."
     * after an export); the fields and the outcome give way, and the outcome's tooltip holds it whole.
     */
    @Test
    void aNarrowWindowKeepsTheToolbarsWordsAndTheOutcomeWholeOnHovering(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> stage.setWidth(900));
        f.saveAs = tmp.resolve("a-long-name-for-the-events-of-this-computer.tsv").toFile();

        robot.clickOn("#exportButton");

        GuiFixture.waitUntil(() -> robot.lookup("#exportOutcome").queryAs(Label.class).getText()
                .contains(" events saved to "));
        WaitForAsyncUtils.waitForFxEvents();
        for (Labeled l : robot.lookup((Node n) -> n instanceof Labeled x && x.getText() != null
                && List.of("_Category:", "P_roject:", "Se_arch:", "E_xport...").contains(x.getText()))
                .queryAllAs(Labeled.class)) {
            Text shown = robot.from(l).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
            assertEquals(l.getText().replace("_", ""), shown.getText(), "cut");
        }
        Label outcome = robot.lookup("#exportOutcome").queryAs(Label.class);
        assertEquals(outcome.getText(), outcome.getTooltip().getText());

        // Another emulation opened: what the export came to was of the events before, and goes with them.
        robot.interact(() -> f.model.start(f.model.prepare(GuiFixture.twoProjects(), 1),
                EmulatorDriver.Speed.HOUR_PER_SECOND, false, ""));
        GuiFixture.waitUntil(() -> robot.lookup("#exportOutcome").queryAs(Label.class).getText().isEmpty());
        assertNull(robot.lookup("#exportOutcome").queryAs(Label.class).getTooltip());
    }

    /** An export that cannot be written says so in red, and stays said while events arrive. */
    @Test
    void aFailedExportSaysSo(FxRobot robot) throws Exception {
        open(robot);
        f.saveAs = tmp.resolve("no-such-folder").resolve("events.tsv").toFile();

        robot.clickOn("#exportButton");

        GuiFixture.waitUntil(() -> robot.lookup("#exportOutcome").queryAs(Label.class).getText()
                .startsWith("Could not save "));
        Label outcome = robot.lookup("#exportOutcome").queryAs(Label.class);
        assertTrue(outcome.getStyleClass().contains("error"), outcome.getStyleClass().toString());
        assertTrue(outcome.getText().contains("no-such-folder"), outcome.getText());
    }
}
