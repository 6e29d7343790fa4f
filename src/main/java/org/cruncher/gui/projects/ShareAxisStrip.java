package org.cruncher.gui.projects;

import javafx.geometry.Bounds;
import javafx.scene.chart.NumberAxis;
import javafx.scene.layout.Region;

/**
 * The share chart's percentage axis, in a strip of its own below the scroll pane that holds the chart's rows, so
 * that it stays in view while they scroll: with 50 projects the rows need 900 pixels, and the chart's own axis, below
 * the last row, scrolled out of view (at 800 by 600 the pane shows six rows). It is a copy of the chart's axis (its
 * range, ticks and label), laid out under it pixel for pixel, and the chart's own shows neither ticks nor label.
 */
public final class ShareAxisStrip extends Region {

    private final NumberAxis axis = new NumberAxis();
    /** The chart's own axis, which this strip's follows. */
    private NumberAxis across;

    public ShareAxisStrip() {
        axis.setId("shareAxis");
        axis.setAutoRanging(false);
        axis.setAnimated(false);
        getChildren().add(axis);
    }

    /** Takes over {@code chart}'s percentage axis: its range, ticks and label, and its place across. */
    void follow(ShareChart chart) {
        across = (NumberAxis) chart.getXAxis();
        axis.setLabel(across.getLabel());
        axis.lowerBoundProperty().bind(across.lowerBoundProperty());
        axis.upperBoundProperty().bind(across.upperBoundProperty());
        axis.tickUnitProperty().bind(across.tickUnitProperty());
        across.setLabel(null);
        across.setTickLabelsVisible(false);
        across.setTickMarkVisible(false);
        across.localToSceneTransformProperty().addListener(o -> requestLayout());
        across.layoutBoundsProperty().addListener(o -> requestLayout());
    }

    NumberAxis axis() {
        return axis;
    }

    @Override
    protected double computePrefHeight(double width) {
        return snappedTopInset() + axis.prefHeight(-1) + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computePrefWidth(double height) {
        return 0;
    }

    /** The axis as wide as the chart's and right under it. */
    @Override
    protected void layoutChildren() {
        if (across == null || getScene() == null || across.getScene() == null) {
            return;
        }
        Bounds under = sceneToLocal(across.localToScene(across.getLayoutBounds()));
        double width = snapSizeX(under.getWidth());
        axis.resizeRelocate(snapPositionX(under.getMinX()), snappedTopInset(), width, axis.prefHeight(width));
    }
}
