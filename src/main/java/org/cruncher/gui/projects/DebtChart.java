package org.cruncher.gui.projects;

import java.util.ArrayList;
import java.util.List;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Side;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.shape.Line;

/**
 * A line chart of debts over emulated days, with a vertical line and a label at each share change, tall enough to
 * keep its legend.
 */
public final class DebtChart extends LineChart<Number, Number> {

    private final ObservableList<ProjectsPaneViewModel.ShareMark> marks;
    private final List<Line> lines = new ArrayList<>();
    private final List<Label> labels = new ArrayList<>();
    private final LegendRoom legendRoom = new LegendRoom(this);

    public DebtChart(ObservableList<ProjectsPaneViewModel.ShareMark> marks) {
        super(axis("Emulated days (a vertical line: a resource share changed)"), axis("Debt (CPU hours)"));
        this.marks = marks;
        setAnimated(false);
        setCreateSymbols(false);
        setLegendSide(Side.BOTTOM);
        ((NumberAxis) getXAxis()).setForceZeroInRange(true);
        marks.addListener((ListChangeListener<ProjectsPaneViewModel.ShareMark>) c -> rebuildMarks());
        rebuildMarks();
    }

    private static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis();
        a.setLabel(label);
        a.setAnimated(false);
        a.setForceZeroInRange(false);
        return a;
    }

    private void rebuildMarks() {
        getPlotChildren().removeAll(lines);
        getPlotChildren().removeAll(labels);
        lines.clear();
        labels.clear();
        for (ProjectsPaneViewModel.ShareMark m : marks) {
            Line line = new Line();
            line.getStyleClass().add("share-mark");
            Label label = new Label(m.label());
            label.getStyleClass().add("share-mark-label");
            lines.add(line);
            labels.add(label);
        }
        getPlotChildren().addAll(lines);
        getPlotChildren().addAll(labels);
        requestChartLayout();
    }

    /**
     * Where a mark's label starts: right of its line, or left of it where it would run past the plot's right edge
     * (a change made now, at the chart's end, read "share 200 -> 100" for 1000), and never left of the plot.
     */
    static double labelX(double line, double labelWidth, double plotWidth) {
        double right = line + 3;
        if (right + labelWidth <= plotWidth) {
            return right;
        }
        return Math.max(0, line - 3 - labelWidth);
    }

    @Override
    protected double computeMinHeight(double width) {
        return legendRoom.leastHeight(super.computeMinHeight(width));
    }

    LegendRoom legendRoom() {
        return legendRoom;
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        double height = getYAxis().getHeight();
        for (int i = 0; i < lines.size() && i < marks.size(); i++) {
            double x = getXAxis().getDisplayPosition(marks.get(i).day());
            Line line = lines.get(i);
            line.setStartX(x);
            line.setEndX(x);
            line.setStartY(0);
            line.setEndY(height);
            Label label = labels.get(i);
            label.resizeRelocate(labelX(x, label.prefWidth(-1), getXAxis().getWidth()), 2 + 14 * (i % 4),
                    label.prefWidth(-1), label.prefHeight(-1));
            line.toFront();
            label.toFront();
        }
    }
}
