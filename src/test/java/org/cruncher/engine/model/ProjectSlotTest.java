package org.cruncher.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.testing.StateBuilder;

/** A project's slot is its place in the state's order, which policies use to index their per-project arrays. */
class ProjectSlotTest {

    @Test
    void projectsTakeTheirPlacesInTheOrderTheyAreAddedAndACopyKeepsThem() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).project("C", 0);
        ClientState state = b.state();

        assertEquals(List.of(0, 1, 2), state.projects().stream().map(Project::slot).toList());
        assertEquals(1, b.project("B").slot());
        ClientState copy = state.copy();
        assertEquals(List.of(0, 1, 2), copy.projects().stream().map(Project::slot).toList());
        assertEquals(List.of("A", "B", "C"), copy.projects().stream().map(Project::name).toList());
    }

    @Test
    void aProjectNotYetAddedHasNoSlotAndAListedTwiceProjectKeepsItsOwn() {
        Project d = new Project("http://d/", "D", 10);
        assertEquals(-1, d.slot());

        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.state().addProject(d);
        assertEquals(1, d.slot());
        Project twice = new Project("http://d/", "D", 10);
        assertThrows(IllegalArgumentException.class, () -> b.state().addProject(twice));
        assertEquals(2, b.state().projects().size(), "the refused project takes no place");
        assertEquals(-1, twice.slot());
        assertEquals(1, d.slot());
    }

    @Test
    void arraysIndexedBySlotAreAsLongAsTheLargestSlotOfTheProjectsGiven() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).project("B", 50).project("C", 10);

        assertEquals(3, Project.slotsOf(b.state().projects()));
        assertEquals(2, Project.slotsOf(List.of(b.project("B"))), "B holds slot 1");
        assertEquals(0, Project.slotsOf(List.of(new Project("http://x/", "X", 1))), "not added anywhere");
    }

    @Test
    void aProjectOfOneStateCannotJoinAnother() {
        // Its slot belongs to the first state; a second state would overwrite it and mix the two up.
        StateBuilder first = StateBuilder.cpus(1).project("A", 100);
        StateBuilder second = StateBuilder.cpus(1).project("B", 100);
        Project a = first.project("A");

        assertThrows(IllegalArgumentException.class, () -> second.state().addProject(a));
        assertEquals(0, a.slot());
        assertTrue(first.state().holds(a));
        assertFalse(second.state().holds(a), "B holds slot 0 there");
    }
}
