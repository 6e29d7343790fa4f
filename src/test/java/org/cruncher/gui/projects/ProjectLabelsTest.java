package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.model.ResourceType;

/** The charts call a project by its name, and tell two of one name apart by their servers. */
class ProjectLabelsTest {

    private static ProjectView project(String url, String name) {
        return new ProjectView(url, name, 100, 0.25, false, false, 0, 0, 0, ProjectStatus.NO_RUNNABLE_RESULTS, null,
                0, 0, 0, ContactView.CLEAR, List.of(), 0,
                ShareTarget.of(0.25, List.of(ResourceType.CPU), 1, ShareTarget.Reach.SHARE), false);
    }

    @Test
    void aNameSharedByTwoProjectsTakesEachOnesHostAndOnlyThen() {
        Map<String, String> labels = ProjectLabels.of(List.of(
                project("https://einstein.phys.uwm.edu/", "Einstein@Home"),
                project("http://einstein.test.example/", "Einstein@Home"),
                project("http://boinc.bakerlab.org/rosetta/", "Rosetta@home"),
                project("not a url", "Odd")));

        assertEquals(List.of("Einstein@Home (einstein.phys.uwm.edu)", "Einstein@Home (einstein.test.example)",
                "Rosetta@home", "Odd"), List.copyOf(labels.values()));
    }

    @Test
    void twoProjectsOfOneNameOnOneServerTakeTheirWholeUrls() {
        Map<String, String> labels = ProjectLabels.of(List.of(project("http://x.example/a/", "X"),
                project("http://x.example/b/", "X")));

        assertEquals("X (http://x.example/a/)", labels.get("http://x.example/a/"));
        assertEquals("X (http://x.example/b/)", labels.get("http://x.example/b/"));
    }
}
