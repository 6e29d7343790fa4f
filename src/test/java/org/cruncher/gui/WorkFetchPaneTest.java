package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;

import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.text.Text;
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
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.projects.ProjectRow;
import org.cruncher.gui.workfetch.ProjectFetchRow;
import org.cruncher.gui.workfetch.ResourceFetchRow;

@ExtendWith(ApplicationExtension.class)
class WorkFetchPaneTest {

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

    /**
     * 1 CPU and 1 NVIDIA GPU. A has CPU jobs of 2 h and a GPU app whose 1-hour jobs its server never sends (they
     * take longer than the half hour it allows for them), so every GPU request comes back empty. B has CPU jobs.
     */
    static Scenario gpuNeverSupplied() {
        Host host = new Host("test", "test CPU", 1, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "Test GPU", false)));
        return new ScenarioBuilder(host).project("A", 100).cpuApp("a1", 7200, 864000)
                .gpuApp("a_gpu", ResourceType.NVIDIA, 0.1, 3600, 1800)
                .project("B", 100).cpuApp("b1", 7200, 864000).build("GPU never supplied");
    }

    private void open(FxRobot robot, Scenario scenario, String pane) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, scenario);
            f.main.selectPane(pane);
        });
        f.awaitTime(START);
    }

    @SuppressWarnings("unchecked")
    private static TableView<ResourceFetchRow> resources(FxRobot robot) {
        return robot.lookup("#resourceTable").queryAs(TableView.class);
    }

    @SuppressWarnings("unchecked")
    private static TableView<ProjectFetchRow> projects(FxRobot robot) {
        return robot.lookup("#projectTable").queryAs(TableView.class);
    }

    private ProjectFetchRow row(FxRobot robot, String project, String resource) {
        return projects(robot).getItems().stream().filter(r -> r.projectProperty().get().equals(project)
                && r.resourceProperty().get().equals(resource)).findFirst().orElseThrow();
    }

    @Test
    void showsEachResourceAndEachProjectsStanding(FxRobot robot) throws Exception {
        // 1 CPU; A and B each hold 2-hour jobs after the first requests; default buffer 2 h 24 min to 14 h 24 min.
        open(robot, GuiFixture.twoProjects(), "work-fetch");
        GuiFixture.waitUntil(() -> resources(robot).getItems().size() == 1 && projects(robot).getItems().size() == 2);

        ResourceFetchRow cpu = resources(robot).getItems().get(0);
        assertEquals("CPU", cpu.nameProperty().get());
        assertEquals("1", cpu.instancesProperty().get());
        assertEquals("2 h 24 min to 14 h 24 min", cpu.windowProperty().get());
        ProjectFetchRow a = row(robot, "A", "CPU");
        assertEquals("Yes", a.suppliesJobsProperty().get());
        assertEquals("", a.backoffProperty().get());
        // Each holds half the CPU: 1 CPU x 100 / (100 + 100).
        assertEquals("0.5", a.shareProperty().get());
        assertFalse(a.whyProperty().get().isEmpty());
    }

    /**
     * A Why cell shows its own sentence whole on hovering, as the Disk and Projects panes' do; the column's
     * explanation is on its header (QA: a cut Why showed the header's explanation and could not be read).
     */
    @Test
    void aWhyCellIsWholeOnHovering(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects(), "work-fetch");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 2);
        GuiFixture.waitUntil(() -> robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "fetchWhyColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null
                && !c.getText().isEmpty() && n.getScene() != null).tryQuery().isPresent());
        TableCell<?, ?> why = robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "fetchWhyColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null
                && !c.getText().isEmpty() && n.getScene() != null).query();
        assertEquals(why.getText(), why.getTooltip().getText());
        // So does a project's Shortfall cell ("none: its queue is full" was cut at the default width; QA), and its
        // Backed off for cell ("5 min (deferred)"), which use the same cells.
        TableCell<?, ?> shortfall = robot.lookup(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && "projectShortfallColumn".equals(c.getTableColumn().getId()) && !c.isEmpty() && c.getText() != null
                && !c.getText().isEmpty() && n.getScene() != null).query();
        assertEquals(shortfall.getText(), shortfall.getTooltip().getText());
    }

    @Test
    void aHostWithNoProjectSaysNoneIsAttached(FxRobot robot) throws Exception {
        // 2 idle CPUs and no project: not "no project has an app for it", which would suggest some are there.
        open(robot, new ScenarioBuilder(Host.cpuOnly(2, 1e9)).build("no projects"), "work-fetch");
        GuiFixture.waitUntil(() -> resources(robot).getItems().size() == 1);

        assertEquals("Wants work: 2 idle; no project is attached",
                resources(robot).getItems().get(0).stateProperty().get());
        assertEquals("No projects.", robot.lookup("#noProjects").queryAs(Label.class).getText());
    }

    @Test
    void projectsWithNoApplicationHereAreNamedWhereTheTableIsEmpty(FxRobot robot) throws Exception {
        // A real host attached to SETI@home before it had any application for it (corpus, 2010): the Projects
        // pane lists the project, so the Work fetch table says why it has no row rather than "No projects.".
        f = GuiFixture.openCorpusHost(robot, stage, "caoyuwei-2cpu-seti-v6.xml", "work-fetch");
        GuiFixture.waitUntil(() -> robot.lookup("#noProjects").queryAs(Label.class).getText().startsWith("No project "));

        assertTrue(projects(robot).getItems().isEmpty());
        // It has sent no application yet (none is in the file), which BOINC would get by asking for work.
        assertEquals("No project can be asked for work: SETI@home has sent no application yet. BOINC would ask for "
                + "work and get one with the first tasks; this emulation has no server to send them.",
                robot.lookup("#noProjects").queryAs(Label.class).getText());
    }

    /**
     * Beside a project with rows, one with no application here has a row that says why it is not asked: a real host
     * attached to three projects, two of which had sent no application yet, listed only SETI@home.
     */
    @Test
    void aProjectWithNoApplicationBesideOthersHasARowSayingWhy(FxRobot robot) throws Exception {
        f = GuiFixture.openCorpusHost(robot, stage, "michaelzhye-4cpu-3proj.xml", "work-fetch");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 3);

        assertEquals(List.of("CPU", "-", "-"), projects(robot).getItems().stream()
                .map(r -> r.resourceProperty().get()).toList());
        ProjectFetchRow cas = row(robot, "CAS@home", "-");
        assertEquals("Not asked: it has sent no application yet; BOINC would ask it for work and get one with the "
                + "first tasks, which this emulation has no server to send", cas.whyProperty().get());
        assertEquals("-", cas.shareProperty().get());
        assertTrue(Double.isNaN(cas.longTermDebtProperty().get()));
    }

    @Test
    void everyResourceRowIsInViewInAShortWindow(FxRobot robot) throws Exception {
        // 1 CPU and 1 NVIDIA GPU in a window 560 pixels high: the resource table stands above the split pane, as
        // tall as its two rows, so it has no scroll bar and the CPU row is never hidden behind one.
        open(robot, gpuNeverSupplied(), "work-fetch");
        robot.interact(() -> stage.setHeight(560));
        GuiFixture.waitUntil(() -> resources(robot).getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();

        TableView<ResourceFetchRow> table = resources(robot);
        assertTrue(table.lookupAll(".scroll-bar").stream().map(ScrollBar.class::cast)
                .noneMatch(b -> b.getOrientation() == Orientation.VERTICAL && b.isVisible()), "a scroll bar shows");
        TableRow<?> last = robot.lookup(".table-row-cell").queryAllAs(TableRow.class).stream()
                .filter(r -> r.getTableView() == table && r.getIndex() == 1).findFirst().orElseThrow();
        assertEquals("CPU", ((ResourceFetchRow) last.getItem()).nameProperty().get());
        double rowBottom = last.localToScene(last.getLayoutBounds()).getMaxY();
        double tableBottom = table.localToScene(table.getLayoutBounds()).getMaxY();
        assertTrue(rowBottom <= tableBottom + 0.5, rowBottom + " below the table's " + tableBottom);
    }

    /**
     * At 800 x 600 the project table shows three rows and the resources' figures are whole (QA: two project rows,
     * "1 (emu...", "2 h 24 min to 14 h 24..."): the explanation under the summary goes to the summary's tooltip in a
     * pane that short, the divider favours the projects, and the figures' columns keep their least widths.
     */
    @Test
    void atEightHundredBySixHundredThreeProjectRowsShowAndTheFiguresAreWhole(FxRobot robot) throws Exception {
        open(robot, gpuNeverSupplied(), "work-fetch");
        robot.interact(() -> {
            stage.setWidth(800);
            stage.setHeight(600);
        });
        GuiFixture.waitUntil(() -> resources(robot).getItems().size() == 2 && projects(robot).getItems().size() >= 3);
        WaitForAsyncUtils.waitForFxEvents();

        Label explanation = robot.lookup("#explanation").queryAs(Label.class);
        assertFalse(explanation.isVisible(), "the explanation in a pane " + explanation.getParent().getScene()
                .getHeight() + " high");
        assertEquals(explanation.getText(), robot.lookup("#summary").queryAs(Label.class).getTooltip().getText());
        VirtualFlow<?> flow = (VirtualFlow<?>) projects(robot).lookup(".virtual-flow");
        double rowsRoom = flow.getHeight() - flow.lookupAll(".scroll-bar").stream().map(ScrollBar.class::cast)
                .filter(b -> b.getOrientation() == Orientation.HORIZONTAL && b.isVisible())
                .mapToDouble(ScrollBar::getHeight).sum();
        assertTrue(rowsRoom >= 3 * 24, "room for " + rowsRoom / 24 + " project rows");
        for (String column : List.of("instancesColumn", "saturatedColumn", "shortfallColumn", "windowColumn")) {
            for (TableCell<?, ?> cell : robot.lookup((Node n) -> n instanceof TableCell<?, ?> c
                    && c.getTableColumn() != null && column.equals(c.getTableColumn().getId()) && !c.isEmpty()
                    && c.getText() != null).queryAllAs(TableCell.class)) {
                Text drawn = robot.from(cell).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
                assertEquals(cell.getText(), drawn.getText(), column + " cut");
            }
        }
    }

    @Test
    void projectThatSendsNoGpuJobIsBackedOffForTheGpuWithACountdown(FxRobot robot) throws Exception {
        // The first request asks A for both resources; the reply has CPU jobs only: A is backed off for the GPU
        // for 600 x U(0.5, 1) s (interval 10 min) and its D flag for the GPU is cleared. The GPU idles.
        open(robot, gpuNeverSupplied(), "work-fetch");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 3);

        ProjectFetchRow gpu = row(robot, "A", "NVIDIA GPU");
        assertEquals("No", gpu.suppliesJobsProperty().get());
        assertEquals("10 min", gpu.intervalProperty().get());
        // 300 to 600 s left, as durations are written everywhere: "5 min" to "10 min".
        assertTrue(gpu.backoffProperty().get().matches("([5-9]|10) min"), gpu.backoffProperty().get());
        assertTrue(gpu.whyProperty().get().startsWith("NVIDIA GPU requests backed off"),
                gpu.whyProperty().get());
        ResourceFetchRow gpuRow = resources(robot).getItems().get(0);
        assertEquals("NVIDIA GPU", gpuRow.nameProperty().get());
        // A, the only project with a GPU app, is backed off for it: the row says why no one is asked.
        assertEquals("Wants work: 1 idle; no project may be asked now (see below)", gpuRow.stateProperty().get());
        assertTrue(gpuRow.needsWorkProperty().get());
    }

    @Test
    void aProjectWhoseServerIsDownIsBackedOffForEachOfItsResources(FxRobot robot) throws Exception {
        // A's server is down for the first day: its first request fails and its contact is deferred (seed 002's
        // random exponential backoff). Its CPU row shows that deferral as its backoff, saying it is one, though no
        // request for the CPU itself brought nothing (no interval of its own).
        Scenario down = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).outage(0, 86400)
                .cpuApp("a1", 7200, 864000).project("B", 100).cpuApp("b1", 7200, 864000).build("A down");
        open(robot, down, "work-fetch");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 2
                && row(robot, "A", "CPU").whyProperty().get().contains("ontact deferred"));

        ProjectFetchRow a = row(robot, "A", "CPU");
        assertTrue(a.backoffProperty().get().matches("(\\d+ (s|min)|\\d+ h \\d\\d min) \\(deferred\\)"),
                a.backoffProperty().get());
        assertEquals("", a.intervalProperty().get());
        assertEquals("", row(robot, "B", "CPU").backoffProperty().get());
        // While it may not be asked, A has no share of the CPU and no shortfall: B's share is the whole CPU.
        assertEquals("-", a.shareProperty().get());
        assertEquals("-", a.shortfallProperty().get());
        assertEquals("1", row(robot, "B", "CPU").shareProperty().get());
    }

    @Test
    void anIdleGpuNoProjectHasAnAppForSaysSo(FxRobot robot) throws Exception {
        // One GPU, and A and B have CPU apps only: the GPU idles and wants work no one can supply.
        Host host = new Host("test", "test CPU", 1, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "Test GPU", false)));
        Scenario cpuOnly = new ScenarioBuilder(host).project("A", 100).cpuApp("a1", 7200, 864000)
                .project("B", 100).cpuApp("b1", 7200, 864000).build("no GPU app");
        open(robot, cpuOnly, "work-fetch");
        GuiFixture.waitUntil(() -> resources(robot).getItems().size() == 2 && projects(robot).getItems().size() == 2);

        ResourceFetchRow gpuRow = resources(robot).getItems().get(0);
        assertEquals("NVIDIA GPU", gpuRow.nameProperty().get());
        assertEquals("Wants work: 1 idle; no project has an app for it", gpuRow.stateProperty().get());
        // Once the CPU has its work (both start with empty queues, so it wanted work at first), the headline says
        // why nothing is asked, resource by resource, and only the GPU's row is still marked as wanting work.
        String headline = "No request now: NVIDIA GPU wants work, but no project has an app for it; CPU has work "
                + "for at least 2 h 24 min (\"Store at least\"); a project is asked as soon as its own queue falls "
                + "below its part of it.";
        GuiFixture.waitUntil(() -> headline.equals(robot.lookup("#summary").queryAs(Label.class).getText()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(true, false), robot.lookup(n -> n instanceof TableRow<?> r
                        && r.getTableView() == resources(robot) && r.getItem() != null)
                .queryAllAs(TableRow.class).stream()
                .sorted(Comparator.comparingInt(TableRow::getIndex))
                .map(r -> r.getPseudoClassStates().contains(PseudoClass.getPseudoClass("wants-work"))).toList());
    }

    @Test
    void selectingARowShowsTheProjectsDecisions(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects(), "work-fetch");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 2);

        robot.interact(() -> projects(robot).getSelectionModel().select(1));

        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().contains("project B"));
    }

    @Test
    void projectsPaneShowsLongTermDebtPerResourceOnlyOnGpuHosts(FxRobot robot) throws Exception {
        open(robot, gpuNeverSupplied(), "projects");
        GuiFixture.waitUntil(() -> ltdColumn(robot) != null);

        TableColumn<ProjectRow, ?> ltd = ltdColumn(robot);
        assertEquals(List.of("NVIDIA GPU", "CPU"), ltd.getColumns().stream().map(TableColumn::getText).toList());
        // B has no GPU application: its cell says so with "-".
        ProjectRow b = projectsTable(robot).getItems().get(1);
        assertTrue(Double.isNaN(b.longTermDebtProperty(ResourceType.NVIDIA).get()));
    }

    @Test
    void cpuOnlyHostHasNoPerResourceDebtColumns(FxRobot robot) throws Exception {
        open(robot, GuiFixture.twoProjects(), "projects");
        GuiFixture.waitUntil(() -> projectsTable(robot).getItems().size() == 2);

        assertEquals(null, ltdColumn(robot));
        // Project, resource share, share, target, debt, anticipated debt, resource debt, status, why.
        assertEquals(9, projectsTable(robot).getColumns().size());
    }

    @SuppressWarnings("unchecked")
    private static TableView<ProjectRow> projectsTable(FxRobot robot) {
        return robot.lookup("#table").match(n -> ((TableView<?>) n).getColumns().stream()
                .anyMatch(c -> "shareColumn".equals(c.getId()))).queryAs(TableView.class);
    }

    @SuppressWarnings("unchecked")
    private static TableColumn<ProjectRow, ?> ltdColumn(FxRobot robot) {
        return (TableColumn<ProjectRow, ?>) projectsTable(robot).getColumns().stream()
                .filter(c -> "longTermDebt".equals(c.getId())).findFirst().orElse(null);
    }
}
