package org.cruncher.gui.details;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.events.EventRow;

/** The decisions about what is selected, and the one in force at a moment clicked on the Timeline. */
class DecisionHistoryViewModelTest {

    /** A's decisions at 100, 200 and 300 and B's at 250, newest first as the event log keeps them. */
    private static ObservableList<EventRow> log() {
        List<EventRow> rows = new ArrayList<>();
        for (double[] e : new double[][] {{300, 0}, {250, 1}, {200, 0}, {100, 0}}) {
            rows.add(new EventRow(new EngineEvent(e[0], EventKind.TASK_STARTED, e[1] == 0 ? "A" : "B",
                    "t" + (int) e[0], ResourceType.CPU, "RUNNING_HIGHEST_DEBT", "")));
        }
        return FXCollections.observableArrayList(rows);
    }

    @Test
    void theDecisionInForceAtAMomentIsTheNewestAtOrBeforeIt() {
        DecisionHistoryViewModel model = new DecisionHistoryViewModel(log());
        model.showProjectAt("A", new SimpleStringProperty("why"), 260);

        // A's items, newest first: 300, 200, 100. At 260 the decision in force is the one at 200 (index 1); at 300
        // it is that one itself; before 100 none is recorded, and none is chosen.
        assertEquals(List.of(300.0, 200.0, 100.0), model.items().stream().map(EventRow::eventTime).toList());
        assertEquals(260.0, model.focusTimeProperty().get());
        assertEquals(1, model.indexAt(260));
        assertEquals(0, model.indexAt(300));
        assertEquals(-1, model.indexAt(50));
        assertEquals("Decisions about project A", model.titleProperty().get());
    }

    @Test
    void choosingAnythingElseForgetsTheMoment() {
        DecisionHistoryViewModel model = new DecisionHistoryViewModel(log());
        model.showProjectAt("A", new SimpleStringProperty("why"), 260);

        model.showProject("B", new SimpleStringProperty("why"));
        assertNull(model.focusTimeProperty().get());
        model.showProjectAt("B", new SimpleStringProperty("why"), 260);
        model.showAll();
        assertNull(model.focusTimeProperty().get());
        assertEquals(-1, new DecisionHistoryViewModel(FXCollections.observableArrayList()).indexAt(260));
    }
}
