package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.model.ResourceType;

/** The "Share of the work done" bars: since the shares last changed, so that they can be read beside them. */
class WorkSinceShareChangeTest {

    private static ProjectView project(String name, double share, double totalWork) {
        return new ProjectView("http://" + name + "/", name, share, 0.5, false, false, 0, 0, totalWork, null, null,
                0, 0, 0, null, List.of(), 0, ShareTarget.of(0.5, List.of(ResourceType.CPU), 1, ShareTarget.Reach.SHARE),
                false);
    }

    @Test
    void beforeAnyChangeTheBarsAreOfAllTheWorkDone() {
        // A 300 of 400 units of work, B 100: 75 % and 25 %.
        List<ProjectView> now = List.of(project("A", 75, 300), project("B", 25, 100));

        assertEquals(0.75, WorkSinceShareChange.fractions(now, Map.of()).get("http://A/"), 1e-12);
    }

    @Test
    void afterAChangeTheBarsAreOfTheWorkDoneSinceIt() {
        // A had done 300 and B 100 when A's share went from 75 to 25. Now A has done 350 and B 150: since the change
        // A did 50 of 100, 50 %, the new target; of all the work it did 350 of 500, 70 %.
        List<ProjectView> later = List.of(project("A", 25, 350), project("B", 25, 150));
        Map<String, Double> atChange = Map.of("http://A/", 300.0, "http://B/", 100.0);

        assertEquals(0.5, WorkSinceShareChange.fractions(later, atChange).get("http://A/"), 1e-12);
        assertEquals(0.5, WorkSinceShareChange.fractions(later, atChange).get("http://B/"), 1e-12);
    }

    @Test
    void rightAfterAChangeNoWorkMeansNoBars() {
        List<ProjectView> same = List.of(project("A", 25, 300), project("B", 25, 100));

        assertEquals(0, WorkSinceShareChange.fractions(same, Map.of("http://A/", 300.0, "http://B/", 100.0))
                .get("http://A/"));
    }
}
