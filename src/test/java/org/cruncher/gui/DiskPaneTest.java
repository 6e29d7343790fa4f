package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.disk.DeletionRow;
import org.cruncher.gui.disk.DiskProjectRow;
import org.cruncher.gui.disk.FileRow;
import org.cruncher.gui.prefs.PreferencesDialog;
import org.cruncher.gui.text.ColumnHeaders;

/** The Disk pane (seed 004): usage against shares, files in deletion order, deletions, the suspension banner. */
@ExtendWith(ApplicationExtension.class)
class DiskPaneTest {

    private static final double GB = 1L << 30;
    private static final double HOUR = 3600;
    private Stage stage;
    private GuiFixture f;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> robot.listWindows().stream().filter(w -> w != stage).toList()
                .forEach(w -> ((Stage) w).close()));
        if (f != null) {
            f.close();
        }
    }

    /** 2 CPUs; a 100 GB disk with 80 GB free; "use no more than 10 GB". */
    private static ScenarioBuilder host() {
        return new ScenarioBuilder(new Host("h", "cpu", 2, 1e9, 8e9, 100 * GB, 80 * GB, List.of()))
                .prefs(Prefs.DEFAULTS.withDisk(10, 0, 0));
    }

    /**
     * Seed 004's 75/25 example: A's share of the 10 GB is 7.5 GB, B's 2.5 GB. B starts with 6 GB of data: b_keep
     * (priority 5) and three of priority 1. A's jobs need 1.1 GB each, and it wants more than the 4 GB left.
     */
    private static Scenario seventyFiveTwentyFive() {
        return host().project("A", 75).cpuApp("a1", HOUR, 2 * 86400).files(GB, 0.1 * GB, 0)
                .project("B", 25).cpuApp("b1", HOUR, 2 * 86400)
                .existingFile("b_0", 1.5 * GB, 1, Double.NaN)
                .existingFile("b_keep", 1.5 * GB, 5, Double.NaN)
                .existingFile("b_1", 1.5 * GB, 1, Double.NaN)
                .existingFile("b_2", 1.5 * GB, 1, Double.NaN)
                .build("disk 75/25");
    }

    private void open(FxRobot robot, Scenario scenario) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, scenario);
            f.main.selectPane("disk");
        });
        f.awaitTime(Scenario.DEFAULT_START);
    }

    @SuppressWarnings("unchecked")
    private static <T> TableView<T> table(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(TableView.class);
    }

    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    void aShortWindowShowsFewerProjectRowsSoThatTheFilesKeepTheirRoom(FxRobot robot) throws Exception {
        // Nine projects of equal share: in a tall window the project table shows 8 rows (then scrolls); in a short
        // one it shows fewer (never under 3), so that the files' table keeps its header and three rows.
        ScenarioBuilder b = host();
        for (int i = 1; i <= 9; i++) {
            b.project("P" + i, 100).cpuApp("p" + i, HOUR, 2 * 86400);
        }
        open(robot, b.build("nine projects"));
        GuiFixture.waitUntil(() -> table(robot, "#diskProjectTable").getItems().size() == 9);
        TableView<?> projects = table(robot, "#diskProjectTable");
        TableView<?> files = table(robot, "#fileTable");
        WaitForAsyncUtils.waitForFxEvents();
        double tall = projects.getHeight();
        assertTrue(tall >= 26 + 8 * 24, "8 rows and a header: " + tall);

        robot.interact(() -> stage.setHeight(660));
        WaitForAsyncUtils.waitForFxEvents();

        long rowsShown = Math.round((projects.getHeight() - 30) / 24);
        assertTrue(rowsShown >= 3 && rowsShown < 8, "rows shown " + rowsShown);
        assertTrue(files.getHeight() >= 26 + 3 * 24, "the files' table " + files.getHeight());
    }

    @Test
    void showsUsageAgainstEachShareAndTheDeletionsThatMadeRoom(FxRobot robot) throws Exception {
        open(robot, seventyFiveTwentyFive());
        GuiFixture.waitUntil(() -> table(robot, "#diskProjectTable").getItems().size() == 2
                && table(robot, "#deletionTable").getItems().size() == 3);

        assertTrue(label(robot, "#diskSummary").startsWith("BOINC may use 10 GB, set by \"Use no more than 10 GB\""),
                label(robot, "#diskSummary"));
        TableView<DiskProjectRow> projects = table(robot, "#diskProjectTable");
        DiskProjectRow b = projects.getItems().get(1);
        assertEquals("B", b.nameProperty().get());
        // B is back within its 2.5 GB: its three priority-1 files went (6 -> 1.5 GB), b_keep stayed.
        assertTrue(b.usageProperty().get().startsWith("1.5 GB of 2.5 GB"), b.usageProperty().get());
        assertFalse(b.offenderProperty().get());
        assertEquals("LRU", b.policyProperty().get());
        List<DeletionRow> deletions = table(robot, "#deletionTable").getItems().stream()
                .map(DeletionRow.class::cast).toList();
        assertTrue(deletions.stream().allMatch(d -> d.project().equals("B")), deletions.toString());
        // The reason, then what it was for in brackets: "Made room for a new file, as its project used more than
        // its share (to store ... of A)".
        assertTrue(deletions.get(0).why().startsWith("Made room for a new file, as its project used more than its "
                + "share (to store "), deletions.get(0).why());
        assertFalse(robot.lookup("#diskBanner").queryAs(Label.class).isVisible());
    }

    /**
     * The Standing column says what it is on its header, and each cell's tooltip gives the standing's details a
     * short sentence a line: it was the whole standing in one paragraph of up to a hundred words.
     */
    @Test
    void theStandingsTooltipIsShortLines(FxRobot robot) throws Exception {
        open(robot, seventyFiveTwentyFive());
        GuiFixture.waitUntil(() -> table(robot, "#diskProjectTable").getItems().size() == 2);
        TableView<DiskProjectRow> projects = table(robot, "#diskProjectTable");
        TableColumn<?, ?> standing = projects.getColumns().stream()
                .filter(c -> "diskStandingColumn".equals(c.getId())).findFirst().orElseThrow();
        assertTrue(ColumnHeaders.meaning(standing).startsWith("Whether the project gets new work"),
                ColumnHeaders.meaning(standing));

        WaitForAsyncUtils.waitForFxEvents();
        List<TableCell<?, ?>> cells = robot.lookup((Node n) -> n instanceof TableCell<?, ?> c
                && c.getTableColumn() == standing && !c.isEmpty()).queryAll().stream()
                .<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n).toList();
        assertEquals(2, cells.size());
        for (TableCell<?, ?> cell : cells) {
            DiskProjectRow row = (DiskProjectRow) cell.getTableRow().getItem();
            assertEquals(row.standingProperty().get(), cell.getText());
            assertEquals(row.detailsProperty().get(), cell.getTooltip().getText());
            for (String line : cell.getTooltip().getText().split("\n")) {
                assertTrue(line.length() <= 120, line);
            }
        }
    }

    @Test
    void selectingAProjectListsItsFilesInDeletionOrderAndWhatKeepsTheOthers(FxRobot robot) throws Exception {
        open(robot, seventyFiveTwentyFive());
        GuiFixture.waitUntil(() -> table(robot, "#diskProjectTable").getItems().size() == 2);

        robot.interact(() -> table(robot, "#diskProjectTable").getSelectionModel().select(1));

        GuiFixture.waitUntil(() -> label(robot, "#filesTitle").startsWith("Files of B"));
        // The decisions panel follows the selection, as on the Projects and Work fetch panes.
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains("project B"));
        List<FileRow> files = table(robot, "#fileTable").getItems().stream().map(FileRow.class::cast).toList();
        assertEquals("b_keep", files.get(0).name());
        assertEquals("5", files.get(0).priority());
        assertEquals("1st to go (kept between jobs until space is needed)", files.get(0).order());
        // A's files: its queued jobs' inputs are kept, not in the deletion order.
        robot.interact(() -> table(robot, "#diskProjectTable").getSelectionModel().select(0));
        GuiFixture.waitUntil(() -> label(robot, "#filesTitle").startsWith("Files of A"));
        List<FileRow> aFiles = table(robot, "#fileTable").getItems().stream().map(FileRow.class::cast).toList();
        assertFalse(aFiles.isEmpty());
        assertTrue(aFiles.stream().allMatch(r -> r.held() && r.order().startsWith("Kept: ")), aFiles.toString());
        // Each names its task: a started one, or one that waits to run, with why it waits as the Tasks pane says.
        assertTrue(aFiles.stream().anyMatch(r -> r.order().matches("Kept: started task a1_\\S+ uses it")),
                aFiles.toString());
        assertTrue(aFiles.stream().anyMatch(r -> r.order().matches(
                "Kept: task a1_\\S+ waits to run and needs it \\(Waiting: every CPU is busy; .*\\)")),
                aFiles.toString());
    }

    @Test
    void aBannerSaysComputingIsSuspendedAndGoesWhenTheLimitIsRaised(FxRobot robot) throws Exception {
        // The client's own files take 11 GB of the 10 GB allowed: nothing a project holds can help.
        open(robot, host().coreDiskUsage(11 * GB).project("A", 100).cpuApp("a1", HOUR, 2 * 86400)
                .build("core over the limit"));
        GuiFixture.waitUntil(() -> robot.lookup("#diskBanner").queryAs(Label.class).isVisible());
        String banner = label(robot, "#diskBanner");
        assertTrue(banner.startsWith("Computing is suspended for disk space: BOINC uses 11 GB, 1 GB over its "
                + "limit of 10 GB set by \"Use no more than 10 GB\"; the client's own files alone take 11 GB, so no "
                + "task fits under it, whatever is given up."), banner);
        assertTrue(banner.contains("Raise the limit in File > Computing preferences"), banner);

        robot.clickOn("File").clickOn("Computing preferences...");
        robot.doubleClickOn("#diskMaxGbField").eraseText(4).write("20");
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Button) pane.lookupButton(PreferencesDialog.APPLY));

        GuiFixture.waitUntil(() -> !robot.lookup("#diskBanner").queryAs(Label.class).isVisible());
        assertTrue(label(robot, "#diskSummary").startsWith("BOINC may use 20 GB"), label(robot, "#diskSummary"));
    }
}
