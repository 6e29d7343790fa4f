package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.cruncher.emulator.Scenario;
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
        assertTrue(chart.tipText().endsWith("nothing running"), chart.tipText());

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

    @Test
    void theSpanHasAKeyboardShortcut(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(START);
        robot.interact(() -> f.main.selectPane("timeline"));

        Label label = robot.lookup("#spanChoiceLabel").queryAs(Label.class);
        assertSame(robot.lookup("#spanChoice").query(), label.getLabelFor());
    }
}
