package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.chart.Axis;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.shape.Line;
import javafx.scene.shape.Path;
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
import org.cruncher.gui.projects.ProjectRow;

/**
 * The Projects pane's charts with many projects, at 1,440 x 880 and at 800 x 600: the share chart keeps its key and
 * a readable label for every project, each debt line has a look of its own, and two projects of one name are two.
 */
@ExtendWith(ApplicationExtension.class)
class ProjectChartsTest {

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

    /** Ten projects, P00 to P09, each with a CPU application. */
    private static Scenario tenProjects() {
        return projects(10);
    }

    /** {@code n} projects, P00 on, each with a CPU application. */
    private static Scenario projects(int n) {
        ScenarioBuilder b = new ScenarioBuilder(Host.cpuOnly(4, 1e9));
        for (int i = 0; i < n; i++) {
            b.project(String.format(Locale.ROOT, "P%02d", i), 100).cpuApp("app" + i, 7200, 864000);
        }
        return b.build(n + " projects");
    }

    /**
     * Opens {@code scenario} on the Projects pane in a window of {@code width} x {@code height}; the size and least
     * width the shared stage had once shown, for {@link #restore}.
     */
    private double[] open(FxRobot robot, Scenario scenario, double width, double height) throws Exception {
        double[] had = new double[3];
        robot.interact(() -> {
            f = GuiFixture.open(stage, scenario);
            had[0] = stage.getWidth();
            had[1] = stage.getHeight();
            had[2] = stage.getMinWidth();
            // The app's own test leaves the shared stage at least 900 wide.
            stage.setMinWidth(0);
            stage.setWidth(width);
            stage.setHeight(height);
            f.main.selectPane("projects");
        });
        f.awaitTime(Scenario.DEFAULT_START);
        WaitForAsyncUtils.waitForFxEvents();
        return had;
    }

    /** Gives the shared stage back the size and least width it {@code had}. */
    private void restore(FxRobot robot, double[] had) {
        robot.interact(() -> {
            stage.setWidth(had[0]);
            stage.setHeight(had[1]);
            stage.setMinWidth(had[2]);
        });
    }

    @Test
    void atEightHundredBySixHundredTheShareChartKeepsItsKeyAndALabelPerProject(FxRobot robot) throws Exception {
        sharesChartKeepsItsKeyAndALabelPerProject(robot, 800, 600);
    }

    @Test
    void atFourteenFortyByEightEightyTheShareChartKeepsItsKeyAndALabelPerProject(FxRobot robot) throws Exception {
        sharesChartKeepsItsKeyAndALabelPerProject(robot, 1440, 880);
    }

    /**
     * The share chart's key (its three figures) is in view, within the window, and each of the ten projects' labels
     * is shown, at least {@code ShareChart.ROW} (18) pixels from the next: at 800 x 600 the legend was dropped and
     * every other label left out, and at 1,440 x 880 two of the ten were left out.
     */
    private void sharesChartKeepsItsKeyAndALabelPerProject(FxRobot robot, double width, double height)
            throws Exception {
        double[] had = open(robot, tenProjects(), width, height);
        try {
            BarChart<?, ?> chart = robot.lookup("#shareChart").queryAs(BarChart.class);
            GuiFixture.waitUntil(() -> chart.getData().get(0).getData().size() == 10);
            WaitForAsyncUtils.waitForFxEvents();
            Bounds window = stage.getScene().getRoot().localToScene(stage.getScene().getRoot().getBoundsInLocal());
            for (String key : List.of("#shareKey", "#targetKey", "#workKey")) {
                Label label = robot.lookup(key).queryAs(Label.class);
                Bounds b = label.localToScene(label.getBoundsInLocal());
                assertTrue(label.isVisible() && b.getWidth() > 0 && window.contains(b), key + " " + b);
            }
            assertEquals("Resource share", robot.lookup("#shareKey").queryAs(Label.class).getText());
            Axis<?> projects = chart.getYAxis();
            List<? extends Axis.TickMark<?>> marks = projects.getTickMarks();
            assertEquals(10, marks.size());
            assertTrue(marks.stream().allMatch(Axis.TickMark::isTextVisible), "every project's label shown");
            List<Double> at = marks.stream().map(Axis.TickMark::getPosition).sorted().toList();
            for (int i = 1; i < at.size(); i++) {
                assertTrue(at.get(i) - at.get(i - 1) >= 18 - 0.5, "rows " + at);
            }
        } finally {
            restore(robot, had);
        }
    }

    @Test
    void atEightHundredBySixHundredTheShareAxisStaysInViewWhileFiftyRowsScroll(FxRobot robot) throws Exception {
        shareAxisStaysInViewWhileTheRowsScroll(robot, 800, 600);
    }

    @Test
    void atFourteenFortyByEightEightyTheShareAxisStaysInViewWhileFiftyRowsScroll(FxRobot robot) throws Exception {
        shareAxisStaysInViewWhileTheRowsScroll(robot, 1440, 880);
    }

    /**
     * With 50 projects the share chart's rows (50 x 18 = 900 pixels) scroll, and its percentage axis (the node that
     * shows its label and tick labels) is shown whole, with the key above, at the top of the rows and at their
     * bottom: it was the chart's own, below the last row, out of view but at the bottom. Each of its ticks stands
     * where the bars' axis puts that percentage, to the pixel.
     */
    private void shareAxisStaysInViewWhileTheRowsScroll(FxRobot robot, double width, double height)
            throws Exception {
        double[] had = open(robot, projects(50), width, height);
        try {
            BarChart<?, ?> chart = robot.lookup("#shareChart").queryAs(BarChart.class);
            GuiFixture.waitUntil(() -> chart.getData().get(0).getData().size() == 50);
            WaitForAsyncUtils.waitForFxEvents();
            ScrollPane scroll = robot.lookup("#shareScroll").queryAs(ScrollPane.class);
            assertTrue(chart.getHeight() > scroll.getViewportBounds().getHeight() + 1, "the rows scroll");
            NumberAxis bars = (NumberAxis) chart.getXAxis();
            for (double at : new double[] {0, 1}) {
                robot.interact(() -> scroll.setVvalue(at));
                WaitForAsyncUtils.waitForFxEvents();
                NumberAxis shown = robot.lookup((Node n) -> n instanceof NumberAxis a
                        && "Part of this computer's work (%)".equals(a.getLabel()) && a.isTickLabelsVisible())
                        .queryAs(NumberAxis.class);
                Bounds whole = shown.localToScene(shown.getLayoutBounds());
                assertEquals(whole, shownPart(shown), "scrolled to " + at);
                assertTrue(shown.getTickMarks().size() > 2, shown.getTickMarks().toString());
                for (Axis.TickMark<Number> tick : shown.getTickMarks()) {
                    double v = tick.getValue().doubleValue();
                    assertEquals(bars.localToScene(bars.getDisplayPosition(v), 0).getX(),
                            shown.localToScene(shown.getDisplayPosition(v), 0).getX(), 0.5, "tick " + v);
                }
                Label key = robot.lookup("#shareKey").queryAs(Label.class);
                assertEquals(key.localToScene(key.getLayoutBounds()), shownPart(key));
            }
        } finally {
            restore(robot, had);
        }
    }

    /** The part of {@code node} not clipped away by it or its parents (a scroll pane clips its rows), in the scene. */
    private static Bounds shownPart(Node node) {
        Bounds shown = node.localToScene(node.getLayoutBounds());
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getClip() != null) {
                Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                double minX = Math.max(shown.getMinX(), clip.getMinX());
                double minY = Math.max(shown.getMinY(), clip.getMinY());
                double maxX = Math.min(shown.getMaxX(), clip.getMaxX());
                double maxY = Math.min(shown.getMaxY(), clip.getMaxY());
                shown = new BoundingBox(minX, minY, Math.max(0, maxX - minX), Math.max(0, maxY - minY));
            }
        }
        Bounds window = node.getScene().getRoot().localToScene(node.getScene().getRoot().getLayoutBounds());
        return window.contains(shown) ? shown : new BoundingBox(0, 0, 0, 0);
    }

    /**
     * At 800 x 600 the debt chart has no room for the legend of 50 lines; selecting a project (a click on its row)
     * picks out its line: 5 pixels wide instead of 3, on top of the other lines, which fade to 20 %, and the line's
     * project is named beside the chart's title with a piece of its line. Then which line is which could not be told.
     */
    @Test
    void atEightHundredBySixHundredSelectingOneOfFiftyProjectsPicksOutItsDebtLine(FxRobot robot) throws Exception {
        double[] had = open(robot, projects(50), 800, 600);
        try {
            LineChart<?, ?> chart = robot.lookup("#debtChart").queryAs(LineChart.class);
            GuiFixture.waitUntil(() -> chart.getData().size() == 50
                    && chart.getData().stream().allMatch(s -> s.getNode() != null));
            Label picked = robot.lookup("#debtPicked").queryAs(Label.class);
            assertEquals("Select a project to see its line", picked.getText());
            robot.clickOn(robot.from(projectsTable(robot)).lookup(".table-cell")
                    .match((Node n) -> "P01".equals(((Labeled) n).getText())).queryAs(Node.class));
            WaitForAsyncUtils.waitForFxEvents();
            XYChart.Series<?, ?> p01 = chart.getData().get(1);
            assertEquals("P01", p01.getName());
            Path line = (Path) p01.getNode();
            assertEquals(5, line.getStrokeWidth(), 1e-9);
            assertEquals(1, line.getOpacity(), 1e-9);
            List<Node> plot = line.getParent().getChildrenUnmodifiable();
            for (XYChart.Series<?, ?> other : chart.getData()) {
                if (other != p01) {
                    assertEquals(0.2, other.getNode().getOpacity(), 1e-9, other.getName());
                    assertEquals(3, ((Path) other.getNode()).getStrokeWidth(), 1e-9, other.getName());
                    assertTrue(plot.indexOf(other.getNode()) < plot.indexOf(line), other.getName() + " below");
                }
            }
            assertEquals("P01", picked.getText());
            Line sample = (Line) picked.getGraphic();
            assertEquals(ProjectColours.look(1).colour(), sample.getStroke());
        } finally {
            restore(robot, had);
        }
    }

    /**
     * Clicking a debt line selects its project. Shares 100, 300 and 600 on one CPU part the lines after a few
     * periods; the click is on a point of one line at least 12 pixels (twice the reach of a click) from the others'
     * points of that time.
     */
    @Test
    void clickingADebtLineSelectsItsProject(FxRobot robot) throws Exception {
        Scenario three = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("Small", 100).cpuApp("s", 7200, 864000)
                .project("Middle", 300).cpuApp("m", 7200, 864000)
                .project("Large", 600).cpuApp("l", 7200, 864000).build("three shares");
        double[] had = open(robot, three, 1440, 880);
        try {
            for (int i = 0; i < 6; i++) {
                robot.clickOn("#stepButton");
                WaitForAsyncUtils.waitForFxEvents();
            }
            @SuppressWarnings("unchecked")
            LineChart<Number, Number> chart = robot.lookup("#debtChart").queryAs(LineChart.class);
            GuiFixture.waitUntil(() -> chart.getData().size() == 3
                    && chart.getData().stream().allMatch(s -> s.getData().size() >= 4));
            WaitForAsyncUtils.waitForFxEvents();
            XYChart.Series<Number, Number> target = null;
            Point2D at = null;
            for (XYChart.Series<Number, Number> s : chart.getData()) {
                XYChart.Data<Number, Number> d = s.getData().get(s.getData().size() - 2);
                double y = chart.getYAxis().getDisplayPosition(d.getYValue());
                boolean apart = chart.getData().stream().filter(o -> o != s).allMatch(o -> Math.abs(y
                        - chart.getYAxis().getDisplayPosition(o.getData().get(o.getData().size() - 2).getYValue()))
                        >= 12);
                if (apart && target == null) {
                    target = s;
                    at = chart.getXAxis().localToScreen(chart.getXAxis().getDisplayPosition(d.getXValue()), 0);
                    at = new Point2D(at.getX(), chart.getYAxis().localToScreen(0, y).getY());
                }
            }
            assertTrue(target != null, "a line apart from the others");
            robot.clickOn(at);
            WaitForAsyncUtils.waitForFxEvents();
            ProjectRow selected = (ProjectRow) projectsTable(robot).getSelectionModel().getSelectedItem();
            assertEquals(target.getName(), selected.nameProperty().get());
            assertEquals(5, ((Path) target.getNode()).getStrokeWidth(), 1e-9);
            // Away from the lines, so that the line's name is hidden.
            robot.moveTo("#debtPicked");
        } finally {
            restore(robot, had);
        }
    }

    /** The Projects pane's table (the other panes have tables of that id too). */
    private TableView<?> projectsTable(FxRobot robot) {
        return robot.lookup("#table").match((Node n) -> n instanceof TableView<?> t
                && t.getItems() == f.model.projects().rows()).queryAs(TableView.class);
    }

    /**
     * With ten projects each debt line has a look of its own: the ninth and tenth (P08, P09) took the first and
     * second's blue and orange. P09 is the palette's first colour again, darker (70 %: 0x4e79a7 -> 0x375575) and
     * dashed (ProjectColours: nine colours, then dashes), and its legend's sample is a piece of the same line.
     */
    @Test
    void tenProjectsDebtLinesLookEachTheirOwn(FxRobot robot) throws Exception {
        double[] had = open(robot, tenProjects(), 800, 600);
        try {
            LineChart<?, ?> chart = robot.lookup("#debtChart").queryAs(LineChart.class);
            GuiFixture.waitUntil(() -> chart.getData().size() == 10
                    && chart.getData().stream().allMatch(s -> s.getNode() != null));
            WaitForAsyncUtils.waitForFxEvents();
            Set<String> styles = new HashSet<>();
            for (XYChart.Series<?, ?> s : chart.getData()) {
                styles.add(s.getNode().getStyle());
            }
            assertEquals(10, styles.size(), styles.toString());
            assertEquals("-fx-stroke: #4e79a7;", chart.getData().get(0).getNode().getStyle());
            assertEquals("-fx-stroke: #375575; -fx-stroke-line-cap: butt; -fx-stroke-dash-array: 7 5;",
                    chart.getData().get(9).getNode().getStyle());
            Label p09 = robot.from(chart).lookup(".chart-legend-item")
                    .match((Node n) -> "P09".equals(((Label) n).getText())).queryAs(Label.class);
            Line sample = (Line) p09.getGraphic();
            assertEquals(List.of(7.0, 5.0), sample.getStrokeDashArray());
            assertEquals(ProjectColours.look(9).colour(), sample.getStroke());
        } finally {
            restore(robot, had);
        }
    }

    /**
     * Two projects named alike at two master URLs have a row each in the share chart and a line each, told apart by
     * their servers: keyed by name, the share chart had one row for both, the last one's figures in it.
     */
    @Test
    void twoProjectsOfOneNameHaveARowEach(FxRobot robot) throws Exception {
        Scenario twins = new ScenarioBuilder(Host.cpuOnly(2, 1e9))
                .project("Einstein", 300, "http://einstein.one.example/").cpuApp("e1", 7200, 864000)
                .project("Einstein", 100, "http://einstein.two.example/").cpuApp("e2", 7200, 864000)
                .build("twins");
        robot.interact(() -> {
            f = GuiFixture.open(stage, twins);
            f.main.selectPane("projects");
        });
        f.awaitTime(Scenario.DEFAULT_START);
        var shares = f.model.projects().shareSeries().get(0);
        GuiFixture.waitUntil(() -> shares.getData().size() == 2);
        // Shares 300 and 100 of 400: 75 % and 25 %; the first project is on top, so last in the series.
        assertEquals("Einstein (einstein.two.example)", shares.getData().get(0).getYValue());
        assertEquals(25, shares.getData().get(0).getXValue().doubleValue(), 1e-9);
        assertEquals("Einstein (einstein.one.example)", shares.getData().get(1).getYValue());
        assertEquals(75, shares.getData().get(1).getXValue().doubleValue(), 1e-9);
        assertEquals(List.of("Einstein (einstein.one.example)", "Einstein (einstein.two.example)"),
                f.model.projects().debtSeries().stream().map(XYChart.Series::getName).toList());
        assertFalse(shares.getData().get(0).getYValue().equals(shares.getData().get(1).getYValue()));
    }
}
