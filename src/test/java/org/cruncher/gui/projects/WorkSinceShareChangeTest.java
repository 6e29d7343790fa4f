package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.model.ResourceType;

/** The "Share of the work done" bars: since the shares last changed, so that they can be read beside them. */
class WorkSinceShareChangeTest {

    private static ProjectView project(String name, double share, double totalWork) {
        return new ProjectView("http://" + name + "/", name, share, 0.5, false, false, 0, 0, totalWork, null, null,
                0, 0, 0, null, List.of(), 0, ShareTarget.of(0.5, List.of(ResourceType.CPU), 1, ShareTarget.Reach.SHARE));
    }

    @Test
    void beforeAnyChangeTheBarsAreOfAllTheWorkDone() {
        // A 300 of 400 units of work, B 100: 75 % and 25 %.
        WorkSinceShareChange w = new WorkSinceShareChange();
        List<ProjectView> now = List.of(project("A", 75, 300), project("B", 25, 100));

        assertFalse(w.observe(now, 1000));

        assertEquals(0.75, w.fractions(now).get("http://A/"), 1e-12);
        assertTrue(Double.isNaN(w.changedAt()));
    }

    @Test
    void afterAChangeTheBarsAreOfTheWorkDoneSinceIt() {
        // 75/25 until 1000 s (A 300, B 100), then A set to 25. By 2000 s A has done 300 + 50 and B 100 + 50: since
        // the change A did 50 of 100, 50 %, the new target; of all the work it did 350 of 500, 70 %.
        WorkSinceShareChange w = new WorkSinceShareChange();
        w.observe(List.of(project("A", 75, 300), project("B", 25, 100)), 1000);
        boolean changed = w.observe(List.of(project("A", 25, 300), project("B", 25, 100)), 1000);
        List<ProjectView> later = List.of(project("A", 25, 350), project("B", 25, 150));

        w.observe(later, 2000);

        assertTrue(changed);
        assertEquals(1000, w.changedAt());
        assertEquals(0.5, w.fractions(later).get("http://A/"), 1e-12);
        assertEquals(0.5, w.fractions(later).get("http://B/"), 1e-12);
    }
}
