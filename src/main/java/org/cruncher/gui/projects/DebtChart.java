package org.cruncher.gui.projects;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.shape.Line;
import javafx.scene.shape.StrokeLineCap;

import org.cruncher.gui.ProjectColours;
import org.cruncher.gui.ProjectLook;

/**
 * A line chart of debts over emulated days, with a vertical line and a label at each share change, tall enough to
 * keep its legend. Each project's line, and its legend's sample, is drawn in its project's look ({@link
 * ProjectColours}): JavaFX's own series colours came round again at the ninth line.
 */
public final class DebtChart extends LineChart<Number, Number> {

    /** Rows of labels at the top of the plot, and each row's height, pixels. */
    private static final int LABEL_ROWS = 4;
    private static final double LABEL_ROW_HEIGHT = 14;
    /** Room kept between two labels in a row, pixels. */
    private static final double LABEL_GAP = 6;

    private final ObservableList<ProjectsPaneViewModel.ShareMark> marks;
    private final List<Line> lines = new ArrayList<>();
    private final List<Label> labels = new ArrayList<>();
    private final LegendRoom legendRoom = new LegendRoom(this);
    /** Each line's look; by its place in the chart until told otherwise. */
    private Function<Series<Number, Number>, ProjectLook> looks = series -> ProjectColours.look(
            getData().indexOf(series));

    public DebtChart(ObservableList<ProjectsPaneViewModel.ShareMark> marks) {
        super(axis("Emulated days (a vertical line: a resource share changed)"), axis("Debt (CPU h)"));
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

    /** Puts the legend below the plot or beside it, as the chart's size allows, then lays the chart out. */
    @Override
    protected void layoutChildren() {
        legendRoom.placeLegend();
        super.layoutChildren();
    }

    LegendRoom legendRoom() {
        return legendRoom;
    }

    /** Draws each line in the look {@code looks} gives its series. */
    void setLooks(Function<Series<Number, Number>, ProjectLook> looks) {
        this.looks = looks;
        requestChartLayout();
    }

    /** The legend as JavaFX builds it, each sample then drawn as a short piece of its line. */
    @Override
    protected void updateLegend() {
        super.updateLegend();
        applyLooks();
    }

    /** Each line in its look, and its legend's sample a short piece of it (the legend lists the lines in order). */
    private void applyLooks() {
        List<Node> items = getLegend() instanceof Parent legend ? legend.getChildrenUnmodifiable() : List.of();
        for (int i = 0; i < getData().size(); i++) {
            Series<Number, Number> series = getData().get(i);
            ProjectLook look = looks.apply(series);
            if (series.getNode() != null && !look.lineStyle().equals(series.getNode().getStyle())) {
                series.getNode().setStyle(look.lineStyle());
            }
            if (i < items.size() && items.get(i) instanceof Label item
                    && !(item.getGraphic() instanceof Line sample && look.equals(sample.getUserData()))) {
                item.setGraphic(sample(look));
            }
        }
    }

    /** A piece of line 22 pixels long in {@code look}, for the legend. */
    static Line sample(ProjectLook look) {
        Line line = new Line(0, 0, 22, 0);
        line.setStroke(look.colour());
        line.setStrokeWidth(3);
        line.setStrokeLineCap(StrokeLineCap.BUTT);
        line.getStrokeDashArray().setAll(look.dashes());
        line.setUserData(look);
        line.getStyleClass().add("debt-legend-sample");
        return line;
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        applyLooks();
        double height = getYAxis().getHeight();
        int n = Math.min(lines.size(), marks.size());
        double[] starts = new double[n];
        double[] widths = new double[n];
        for (int i = 0; i < n; i++) {
            double x = getXAxis().getDisplayPosition(marks.get(i).day());
            Line line = lines.get(i);
            line.setStartX(x);
            line.setEndX(x);
            line.setStartY(0);
            line.setEndY(height);
            widths[i] = labels.get(i).prefWidth(-1);
            starts[i] = labelX(x, widths[i], getXAxis().getWidth());
        }
        int[] rows = labelRows(starts, widths, LABEL_ROWS);
        for (int i = 0; i < n; i++) {
            Label label = labels.get(i);
            label.setVisible(rows[i] >= 0);
            label.resizeRelocate(starts[i], 2 + LABEL_ROW_HEIGHT * Math.max(0, rows[i]), widths[i],
                    label.prefHeight(-1));
            lines.get(i).toFront();
            label.toFront();
        }
    }

    /**
     * The row of each share change's label: the first of {@code rows} where it does not overlap a label already
     * placed, the latest changes first (they matter most); -1 where no row has room, and the label is hidden (its
     * line stays). After many changes, or an axis squeezed by a long emulation, the labels piled up unreadable.
     */
    static int[] labelRows(double[] starts, double[] widths, int rows) {
        int n = starts.length;
        int[] row = new int[n];
        List<List<double[]>> taken = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            taken.add(new ArrayList<>());
        }
        for (int i = n - 1; i >= 0; i--) {
            row[i] = -1;
            for (int r = 0; r < rows && row[i] < 0; r++) {
                boolean free = true;
                for (double[] span : taken.get(r)) {
                    if (starts[i] < span[1] + LABEL_GAP && span[0] < starts[i] + widths[i] + LABEL_GAP) {
                        free = false;
                        break;
                    }
                }
                if (free) {
                    taken.get(r).add(new double[] {starts[i], starts[i] + widths[i]});
                    row[i] = r;
                }
            }
        }
        return row;
    }
}
