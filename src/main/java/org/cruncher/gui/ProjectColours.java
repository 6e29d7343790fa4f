package org.cruncher.gui;

import java.util.List;

import javafx.scene.paint.Color;

/**
 * The colour of each project in the charts, by its place among the projects: Tableau 10's first eight, as
 * cruncher.css gives the debt chart's series (CHART_COLOR_1 to 8). The Timeline had Modena's own eight, so a project
 * was blue in the debt chart and red in the Timeline, and the eighth was the grey that means "computer off" there.
 */
public final class ProjectColours {

    /** In order; the ninth project takes the first again, as the charts' series do. */
    public static final List<Color> PALETTE = List.of(Color.web("#4e79a7"), Color.web("#f28e2b"),
            Color.web("#e15759"), Color.web("#76b7b2"), Color.web("#59a14f"), Color.web("#edc948"),
            Color.web("#b07aa1"), Color.web("#9c755f"));

    private ProjectColours() {
    }

    /** The colour of the project at {@code index} (from 0). */
    public static Color of(int index) {
        return PALETTE.get(index % PALETTE.size());
    }
}
