package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.events.EventRow;
import org.cruncher.gui.timeline.Timeline;
import org.cruncher.gui.timeline.TimelineChart;

@ExtendWith(ApplicationExtension.class)
class TimelinePaneTest {

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

    /** The point of {@code chart} over {@code lane}'s first band at {@code time}, on the screen. */
    private static Point2D at(TimelineChart chart, int lane, double time) {
        return chart.localToScreen(chart.pointOf(lane, 0, time));
    }

    @Test
    void theTimelineShowsWhoRanWhenAndSaysSoOnHoveringAndClicking(FxRobot robot) throws Exception {
        // One CPU, A and B with equal shares: A runs the first period (debts tie, smaller URL), then B the second.
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(START);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);
        robot.interact(() -> f.main.selectPane("timeline"));
        robot.clickOn("#spanChoice");
        robot.clickOn("6 hours");
        TimelineChart chart = robot.lookup(n -> n instanceof TimelineChart).queryAs(TimelineChart.class);
        GuiFixture.waitUntil(() -> chart.timeline() != null && chart.timeline().end() >= START + 3600
                && chart.timeline().start() == chart.timeline().end() - 6 * 3600);
        Timeline t = chart.timeline();
        Timeline.Lane a = t.lanes().get(0);
        assertEquals("A", a.name());
        assertEquals(List.of(new Timeline.Segment(START, START + 3600, 1)), a.held().get(ResourceType.CPU));

        robot.moveTo(at(chart, 0, START + 1800));
        GuiFixture.waitUntil(() -> chart.tipText().startsWith("A, "));
        assertTrue(chart.tipText().contains("running on 1 CPU"), chart.tipText());
        robot.moveTo(at(chart, 1, START + 1800));
        GuiFixture.waitUntil(() -> chart.tipText().startsWith("B, "));
        assertTrue(chart.tipText().endsWith("nothing running; click for its decisions then"), chart.tipText());

        robot.clickOn(at(chart, 0, START + 1800));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().equals("Decisions about project A"));
        assertTrue(f.model.history().items().stream().allMatch(r -> r.getProject().equals("A")));
        // The decision selected is the one in force where the row was clicked: A's newest at or before it (its task
        // started at START), not its latest.
        @SuppressWarnings("unchecked")
        ListView<EventRow> decisions = robot.lookup("#decisionList").queryAs(ListView.class);
        GuiFixture.waitUntil(() -> decisions.getSelectionModel().getSelectedItem() != null);
        EventRow chosen = decisions.getSelectionModel().getSelectedItem();
        double clicked = f.model.history().focusTimeProperty().get();
        assertEquals(START + 1800, clicked, 60, "the time under the mouse, to the pixel");
        assertTrue(chosen.eventTime() <= clicked, chosen.getTime());
        assertTrue(f.model.history().items().stream().filter(r -> r.eventTime() <= clicked)
                .allMatch(r -> r.eventTime() <= chosen.eventTime()), "none between it and the moment clicked");

        // A click on the computer's row shows the latest decisions about everything, the one in force then selected.
        robot.clickOn(chart.localToScreen(chart.computerPointOf(0, START + 1800)));
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().startsWith("Latest decisions"));
        assertEquals(START + 1800, f.model.history().focusTimeProperty().get(), 60);
        GuiFixture.waitUntil(() -> decisions.getSelectionModel().getSelectedItem() != null
                && decisions.getSelectionModel().getSelectedItem().eventTime() <= START + 1800 + 60);

        // From the keyboard, on from where the mouse chose (the computer's row, START + 1800): Down is A's row,
        // chosen as a click chooses it and said for screen readers; Right moves a 48th of the 6 hours (450 s) on.
        robot.type(KeyCode.DOWN);
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().equals("Decisions about project A"));
        assertEquals(START + 1800, f.model.history().focusTimeProperty().get(), 60);
        assertTrue(chart.getAccessibleText().startsWith("A, "), chart.getAccessibleText());
        robot.type(KeyCode.RIGHT);
        GuiFixture.waitUntil(() -> Math.abs(f.model.history().focusTimeProperty().get() - (START + 1800 + 450)) < 60);
        robot.type(KeyCode.DOWN);
        GuiFixture.waitUntil(() -> f.model.history().titleProperty().get().equals("Decisions about project B"));

        // Over the names there is no tooltip at all.
        robot.moveTo(chart.localToScreen(10, chart.pointOf(0, 0, START).getY()));
        GuiFixture.waitUntil(() -> chart.tipText().isEmpty());

        // The next period (B runs) reaches the chart by itself, while it is shown.
        robot.clickOn("#stepButton");
        f.awaitTime(START + 7200);
        GuiFixture.waitUntil(() -> chart.timeline().end() >= START + 7200);
        assertEquals(List.of(new Timeline.Segment(START + 3600, START + 7200, 1)),
                chart.timeline().lanes().get(1).held().get(ResourceType.CPU));
    }

    /**
     * The figures hovering shows can be had from the keyboard: with the chart's focus, a line below it says how to
     * move, then what is at the keyboard's place as the arrow keys move it (they were said to screen readers only).
     */
    @Test
    void theArrowKeysShowTheFiguresHoveringShows(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(START);
        robot.clickOn("#stepButton");
        f.awaitTime(START + 3600);
        robot.interact(() -> f.main.selectPane("timeline"));
        TimelineChart chart = robot.lookup(n -> n instanceof TimelineChart).queryAs(TimelineChart.class);
        GuiFixture.waitUntil(() -> chart.timeline() != null && chart.timeline().end() >= START + 3600);
        Label figures = robot.lookup("#figures").queryAs(Label.class);
        assertFalse(figures.isVisible(), "nothing without the focus");

        robot.interact(chart::requestFocus);
        GuiFixture.waitUntil(figures::isVisible);
        assertEquals(TimelineChart.KEYS, figures.getText());
        // Now, then a step (a 48th of the default 24 hours) back, on A's row: A's task ran the first hour.
        robot.type(KeyCode.END).type(KeyCode.DOWN).type(KeyCode.LEFT);
        GuiFixture.waitUntil(() -> figures.getText().startsWith("A, ") && figures.getText().contains("running"));
        double time = f.model.history().focusTimeProperty().get();
        robot.moveTo(at(chart, 0, time));
        GuiFixture.waitUntil(() -> chart.tipText().startsWith("A, "));
        assertTrue(figures.getText().contains("running on 1 CPU ("), figures.getText());
        assertEquals(chart.tipText().substring(chart.tipText().indexOf(": ")),
                figures.getText().substring(figures.getText().indexOf(": ")), "the same figures");
        robot.type(KeyCode.DOWN);
        GuiFixture.waitUntil(() -> figures.getText().startsWith("B, "));
        assertTrue(figures.getText().endsWith("nothing running; its decisions then are below"), figures.getText());
        assertEquals(figures.getText(), chart.getAccessibleText());

        robot.interact(() -> robot.lookup("#spanChoice").query().requestFocus());
        GuiFixture.waitUntil(() -> !figures.isVisible());
    }

    @Test
    void theSpanHasAKeyboardShortcut(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(START);
        robot.interact(() -> f.main.selectPane("timeline"));

        Label label = robot.lookup("#spanChoiceLabel").queryAs(Label.class);
        assertSame(robot.lookup("#spanChoice").query(), label.getLabelFor());
    }

    @Test
    void theComputersRowSaysWhenItWasOffAndTheProjectsRowsWhyNothingRan(FxRobot robot) throws Exception {
        // Two hours: the computer computes the first (A runs), is off the second.
        Timeline t = new Timeline(START, START + 7200, START, Map.of(ResourceType.CPU, 1),
                List.of(new Timeline.Lane("http://a/", "A", Map.of(ResourceType.CPU,
                        List.of(new Timeline.Segment(START, START + 3600, 1))), Set.of(ResourceType.CPU))),
                List.of(new Timeline.HostStretch(START, START + 3600, HostAvailability.COMPUTING),
                        new Timeline.HostStretch(START + 3600, START + 7200, HostAvailability.OFF)));
        TimelineChart chart = new TimelineChart();
        List<TimelineChart.Hit> clicked = new ArrayList<>();
        chart.setOnSelect(clicked::add);
        robot.interact(() -> {
            stage.setScene(new Scene(chart, 900, 200));
            stage.show();
            chart.show(t);
        });

        robot.moveTo(chart.localToScreen(chart.computerPointOf(0, START + 5400)));
        GuiFixture.waitUntil(() -> chart.tipText().startsWith("This computer, "));
        assertTrue(chart.tipText().contains(": off ("), chart.tipText());
        robot.moveTo(at(chart, 0, START + 5400));
        GuiFixture.waitUntil(() -> chart.tipText().startsWith("A, "));
        assertTrue(chart.tipText().endsWith("nothing running: the computer was off then"), chart.tipText());
        robot.moveTo(chart.localToScreen(chart.computerPointOf(0, START + 1800)));
        GuiFixture.waitUntil(() -> chart.tipText().contains("on, computing allowed"));

        robot.clickOn(chart.localToScreen(chart.computerPointOf(0, START + 5400)));
        GuiFixture.waitUntil(() -> !clicked.isEmpty());
        assertTrue(clicked.get(0).onComputer());
        assertEquals(START + 5400, clicked.get(0).time(), 60);
    }

    /**
     * The arrow keys bring the row they move to into view (QA at 800x600: the figures spoke of a row below the view,
     * and the chart stayed put). Eight one-band projects in a 120-pixel view: the axis (24) and the computer's row
     * (16 + 8) fill the first 48 pixels and each project's row takes 24, so the chart is 48 + 8 x 24 = 240 high and
     * the eighth project's row, 216 to 240, is in view only scrolled to the bottom; Home of the rows (Up to the
     * computer's) scrolls back to the top.
     */
    @Test
    void theArrowKeysScrollTheRowTheyMoveToIntoView(FxRobot robot) throws Exception {
        List<Timeline.Lane> lanes = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            lanes.add(new Timeline.Lane("http://p" + i + "/", "P" + i, Map.of(ResourceType.CPU,
                    List.of(new Timeline.Segment(START, START + 3600, 1))), Set.of(ResourceType.CPU)));
        }
        Timeline t = new Timeline(START, START + 7200, START, Map.of(ResourceType.CPU, 1), lanes,
                List.of(new Timeline.HostStretch(START, START + 7200, HostAvailability.COMPUTING)));
        TimelineChart chart = new TimelineChart();
        ScrollPane pane = new ScrollPane(chart);
        pane.setFitToWidth(true);
        AtomicReference<Stage> own = new AtomicReference<>();
        robot.interact(() -> {
            own.set(new Stage());
            own.get().setScene(new Scene(pane, 900, 120));
            own.get().show();
            chart.show(t);
            chart.requestFocus();
        });

        for (int i = 0; i < 8; i++) {
            robot.type(KeyCode.DOWN);
        }
        GuiFixture.waitUntil(() -> pane.getVvalue() > 0.999);
        for (int i = 0; i < 8; i++) {
            robot.type(KeyCode.UP);
        }
        GuiFixture.waitUntil(() -> pane.getVvalue() < 0.001);
        robot.interact(() -> own.get().close());
    }
}
