package org.cruncher.gui.help;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskStatus;
import org.cruncher.gui.text.Words;

class GlossaryTest {

    /** Each state the Tasks pane can show is explained, in the words it shows (a new state fails to compile). */
    @Test
    void everyTaskStateIsExplainedInTheTasksPanesWords() {
        List<String> states = Glossary.entries().stream().filter(e -> e.heading().equals(Glossary.TASK_STATES))
                .map(Glossary.Entry::term).toList();
        assertEquals(TaskStatus.values().length, states.size());
        for (TaskStatus s : TaskStatus.values()) {
            assertTrue(states.contains(Words.status(s)), Words.status(s));
        }
    }

    @Test
    void eachTermIsThereOnceWithAWholeSentenceAndTheHeadingsStayTogether() {
        Set<String> terms = new HashSet<>();
        Set<String> headingsDone = new HashSet<>();
        String heading = null;
        for (Glossary.Entry e : Glossary.entries()) {
            assertTrue(terms.add(e.term()), "twice: " + e.term());
            assertTrue(Character.isUpperCase(e.meaning().charAt(0)) && e.meaning().endsWith("."), e.meaning());
            if (!e.heading().equals(heading)) {
                assertTrue(headingsDone.add(e.heading()), "heading split: " + e.heading());
                heading = e.heading();
            }
        }
        assertEquals(List.of(Glossary.TASK_STATES, Glossary.PROJECT_STATES, Glossary.SCHEDULING, Glossary.WORK_FETCH,
                Glossary.DISK, Glossary.FIGURES), Glossary.entries().stream().map(Glossary.Entry::heading).distinct()
                .toList());
    }

    /**
     * The words the panes use have an entry (QA found "safety margin", the Disk pane's columns and "Standing"
     * missing), and no entry speaks the team's own jargon ("seed 002").
     */
    @Test
    void theWordsThePanesUseAreThereInPlainWords() {
        List<String> terms = Glossary.entries().stream().map(Glossary.Entry::term).toList();
        for (String used : List.of("Safety margin", "Deletion policy", "Priority (of a file)", "Expires",
                "Deletion order", "Standing", "Resource debt")) {
            assertTrue(terms.contains(used), used);
        }
        Glossary.entries().forEach(e -> assertFalse(e.meaning().contains("seed"), e.term() + ": " + e.meaning()));
    }

    /**
     * The glossary starts just right of the window where the screen has room, else inside its right edge, not over
     * its middle: a window at 100 wide 1000 on a screen to 1920 has room at 1100 for a 500-wide glossary; one to 1400
     * has not, so it starts at 1100 - 500 = 600.
     */
    @Test
    void theGlossaryStartsBesideTheWindowOrInsideItsRightEdge() {
        assertEquals(1100, GlossaryDialog.besideX(100, 1000, 500, 1920), 1e-9);
        assertEquals(600, GlossaryDialog.besideX(100, 1000, 500, 1400), 1e-9);
    }

    @Test
    void aSearchKeepsTheEntriesHoldingEveryWordTypedInAnyCase() {
        GlossaryViewModel m = new GlossaryViewModel();
        int all = Glossary.entries().size();
        assertEquals(all + " terms", m.countProperty().get());

        m.searchProperty().set("ANTICIPATED debt");

        assertTrue(m.shown().stream().anyMatch(e -> e.term().equals("Anticipated debt")));
        assertTrue(m.shown().stream().allMatch(e -> GlossaryViewModel.matches(e, "anticipated debt")));
        assertFalse(m.shown().stream().anyMatch(e -> e.term().equals("Running")), "no 'anticipated' in it");
        assertEquals(m.shown().size() + " of " + all + " terms", m.countProperty().get());

        m.searchProperty().set("  ");
        assertEquals(all, m.shown().size());
        m.searchProperty().set("no such word");
        assertTrue(m.shown().isEmpty());
    }
}
