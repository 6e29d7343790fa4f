package org.cruncher.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
