package org.cruncher.gui;

import java.util.List;

import javafx.scene.paint.Color;

/**
 * The look of each project in the charts, by its place among the state's projects (so the same in every pane and in
 * every run of the same state): first Tableau 10's colours bar its grey, as cruncher.css gives the debt chart's
 * series (CHART_COLOR_1 to 8) and the pink after them; from the tenth project on the colours come round again with
 * a dashed line (dashes, dots, dash-dots, long dashes), the dashes and the dash-dots in a darker shade, and after
 * those five rounds in the other shades ({@link #SHADES}). A palette of eight alone gave the ninth project the first
 * one's blue, so that on the 10- and 50-project benches two lines could not be told apart. The Timeline had Modena's
 * own eight, so a project was blue in the debt chart and red in the Timeline, and the eighth was the grey that means
 * "computer off" there. The tenth project's dashes, 8 pixels on and 4 off in the first's very blue, read as its solid
 * line on a busy chart (QA with 50 projects): the dashes now leave at least 40 % of the line out, and the dashes
 * and dash-dots are darker too.
 */
public final class ProjectColours {

    /** The colours in order (grey left out: the charts use it for the computer off and for resource shares). */
    public static final List<Color> PALETTE = List.of(Color.web("#4e79a7"), Color.web("#f28e2b"),
            Color.web("#e15759"), Color.web("#76b7b2"), Color.web("#59a14f"), Color.web("#edc948"),
            Color.web("#b07aa1"), Color.web("#9c755f"), Color.web("#ff9da7"));
    /**
     * A round of the colours each: a solid line, dashes, dots, dash-dots, long dashes (pixels on, off...), each
     * leaving out at least 40 % of its line, so that it reads as broken on a line 3 pixels wide.
     */
    static final List<List<Double>> DASHES = List.of(List.of(), List.of(7.0, 5.0), List.of(2.0, 4.0),
            List.of(10.0, 4.0, 2.0, 4.0), List.of(12.0, 8.0));
    /**
     * The brightness of the colours in each round of the dashes (across), in each pass of all five rounds (down),
     * so that each dash comes in each of three shades once. In the first pass the dashes and the dash-dots are darker
     * (a line of each in the same shade as the solid line of its colour read as that line on a busy chart); the
     * second pass swaps the shades; the third is darker still.
     */
    static final double[][] SHADES = {{1.0, 0.7, 1.0, 0.7, 1.0}, {0.7, 1.0, 0.7, 1.0, 0.7},
        {0.5, 0.5, 0.5, 0.5, 0.5}};
    /** How many projects get a look of their own: 9 colours x 5 dashes x 3 shades. */
    public static final int DISTINCT = 9 * 5 * 3;

    private ProjectColours() {
    }

    /** The look of the project at {@code index} (from 0); after {@link #DISTINCT} projects the looks come again. */
    public static ProjectLook look(int index) {
        int i = Math.floorMod(index, DISTINCT);
        int colours = PALETTE.size();
        Color colour = PALETTE.get(i % colours);
        int round = i / colours % DASHES.size();
        double brightness = SHADES[i / (colours * DASHES.size())][round];
        return new ProjectLook(colour.deriveColor(0, 1, brightness, 1), DASHES.get(round));
    }

    /** The colour of the project at {@code index} (from 0). */
    public static Color of(int index) {
        return look(index).colour();
    }
}
