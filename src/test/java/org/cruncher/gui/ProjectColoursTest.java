package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.paint.Color;

import org.junit.jupiter.api.Test;

/**
 * A project has one colour in every chart: the Timeline's are the debt chart's series colours, which cruncher.css
 * sets. The Timeline had Modena's own, so that a project was blue in one and red in the other (QA). And each project
 * has a look of its own, however many there are (up to 135).
 */
class ProjectColoursTest {

    @Test
    void theTimelinesColoursAreTheDebtChartsInTheirOrder() throws Exception {
        String css = Files.readString(Path.of("src/main/resources/org/cruncher/gui/cruncher.css"));
        Matcher m = Pattern.compile("CHART_COLOR_(\\d): (#[0-9a-fA-F]{6});").matcher(css);
        List<Color> chart = new ArrayList<>();
        while (m.find()) {
            assertEquals(chart.size() + 1, Integer.parseInt(m.group(1)));
            chart.add(Color.web(m.group(2)));
        }

        assertEquals(8, chart.size());
        assertEquals(chart, ProjectColours.PALETTE.subList(0, 8));
    }

    /**
     * Fifty projects (the bench's largest cases) have fifty looks: nine colours solid, then the nine again with each
     * of four dashes (9 x 5 = 45), then in other shades from the 46th. With a palette of eight the ninth project was
     * the first one's blue, the tenth the second's orange.
     */
    @Test
    void fiftyProjectsHaveFiftyLooks() {
        Set<ProjectLook> looks = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            looks.add(ProjectColours.look(i));
        }
        assertEquals(50, looks.size());
        // The 46th (index 45): the first colour, solid, at 70 % brightness; 0x4e = 78 -> 54.6, 0xa7 = 167 -> 116.9.
        ProjectLook darker = ProjectColours.look(45);
        assertTrue(darker.solid());
        assertEquals(54.6, darker.colour().getRed() * 255, 0.5);
        assertEquals(116.9, darker.colour().getBlue() * 255, 0.5);
        // The 55th (index 54), dashed as the tenth, keeps the first colour as it is.
        assertEquals(new ProjectLook(Color.web("#4e79a7"), List.of(7.0, 5.0)), ProjectColours.look(54));
        // Every look of the 135 is its own; the same index gives the same look every time.
        Set<ProjectLook> all = new HashSet<>();
        for (int i = 0; i < ProjectColours.DISTINCT; i++) {
            all.add(ProjectColours.look(i));
        }
        assertEquals(135, all.size());
        assertEquals(ProjectColours.look(17), ProjectColours.look(17));
    }

    /**
     * The tenth project is told from the first by its colour too, not only by its dashes, which are open: dashes 8 on
     * 4 off in the first's very blue read as its solid line on a busy chart (QA with 50 projects). Its blue is at 70 %
     * brightness (0x4e = 78 -> 54.6, 0x79 = 121 -> 84.7, 0xa7 = 167 -> 116.9), dashed 7 on 5 off; likewise the 28th
     * (index 27), dash-dotted. The dots and the long dashes keep the colours.
     */
    @Test
    void theTenthProjectsLookDiffersFromTheFirstsInColourAndInOpenDashes() {
        ProjectLook first = ProjectColours.look(0);
        ProjectLook tenth = ProjectColours.look(9);
        assertEquals(List.of(7.0, 5.0), tenth.dashes());
        assertEquals(54.6, tenth.colour().getRed() * 255, 0.5);
        assertEquals(84.7, tenth.colour().getGreen() * 255, 0.5);
        assertEquals(116.9, tenth.colour().getBlue() * 255, 0.5);
        assertNotEquals(first.colour(), tenth.colour());
        assertEquals(ProjectColours.look(45).colour(), ProjectColours.look(27).colour());
        assertEquals(List.of(10.0, 4.0, 2.0, 4.0), ProjectColours.look(27).dashes());
        assertEquals(first.colour(), ProjectColours.look(18).colour());
        assertEquals(first.colour(), ProjectColours.look(36).colour());
    }

    /**
     * Every dashed look leaves at least 40 % of its line out, so that it reads as broken: the long dashes, 16 on 5
     * off, left 24 % (5 of 21) and looked solid beside a solid line; now 12 on 8 off, 40 %.
     */
    @Test
    void everyDashLeavesAtLeastFortyPercentOfItsLineOut() {
        for (int i = 0; i < ProjectColours.DISTINCT; i++) {
            List<Double> dashes = ProjectColours.look(i).dashes();
            double on = 0;
            double off = 0;
            for (int k = 0; k < dashes.size(); k++) {
                if (k % 2 == 0) {
                    on += dashes.get(k);
                } else {
                    off += dashes.get(k);
                }
            }
            assertTrue(dashes.isEmpty() || off / (on + off) >= 0.4 - 1e-9, i + ": " + dashes);
        }
    }

    /** No project's colour is too light to read on the charts' white: contrast against white at least 1.5 to 1. */
    @Test
    void everyColourStandsOutOnWhite() {
        for (int i = 0; i < ProjectColours.DISTINCT; i++) {
            Color c = ProjectColours.of(i);
            double contrast = 1.05 / (luminance(c) + 0.05);
            assertTrue(contrast >= 1.5, i + ": " + c + " " + contrast);
        }
    }

    /** The relative luminance of {@code c}, as WCAG defines it. */
    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
