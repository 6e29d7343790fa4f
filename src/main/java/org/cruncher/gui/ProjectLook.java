package org.cruncher.gui;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import javafx.scene.paint.Color;

/**
 * How a project is drawn in the charts: its colour, and its line's dashes (pixels drawn, left out, drawn...; none
 * for a solid line).
 */
public record ProjectLook(Color colour, List<Double> dashes) {

    public ProjectLook {
        dashes = List.copyOf(dashes);
    }

    /** Whether the line is solid. */
    public boolean solid() {
        return dashes.isEmpty();
    }

    /** The colour as CSS writes it: "#4e79a7". */
    public String web() {
        return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(colour.getRed() * 255),
                Math.round(colour.getGreen() * 255), Math.round(colour.getBlue() * 255));
    }

    /**
     * The style of a chart's line in this look; a dashed line's dashes end square where they end (the line's usual
     * caps, half its width past each end, closed a dotted line's gaps).
     */
    public String lineStyle() {
        return "-fx-stroke: " + web() + ";" + (solid() ? "" : " -fx-stroke-line-cap: butt; -fx-stroke-dash-array: "
                + dashes.stream().map(d -> String.format(Locale.ROOT, "%.0f", d)).collect(Collectors.joining(" "))
                + ";");
    }
}
