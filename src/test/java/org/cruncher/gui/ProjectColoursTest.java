package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.paint.Color;

import org.junit.jupiter.api.Test;

/**
 * A project has one colour in every chart: the Timeline's are the debt chart's series colours, which cruncher.css
 * sets. The Timeline had Modena's own, so that a project was blue in one and red in the other (QA).
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
        assertEquals(chart, ProjectColours.PALETTE);
        // The ninth project takes the first colour again, as the chart's ninth series does.
        assertEquals(chart.get(0), ProjectColours.of(8));
    }
}
