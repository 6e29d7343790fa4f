package org.cruncher.gui.projects;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.geometry.Side;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.shape.Line;
import javafx.scene.shape.StrokeLineCap;

import org.cruncher.gui.ProjectColours;
import org.cruncher.gui.ProjectLook;

/**
 * A line chart of debts over emulated days, with a vertical line and a label at each share change, tall enough to
 * keep its legend. Each project's line, and its legend's sample, is drawn in its project's look ({@link
 * ProjectColours}): JavaFX's own series colours came round again at the ninth line. A line can be picked out (the
 * selected project's): it is drawn wider and on top, the others faded. Hovering near a line names its project, and
 * clicking it picks it ({@link #setOnPick}): with 50 projects at 800 by 600 the chart has no room for its legend,
 * and many lines share a colour.
 */
public final class DebtChart extends LineChart<Number, Number> {

    /** Rows of labels at the top of the plot, and each row's height, pixels. */
    private static final int LABEL_ROWS = 4;
    private static final double LABEL_ROW_HEIGHT = 14;
    /** Room kept between two labels in a row, pixels. */
    private static final double LABEL_GAP = 6;
    /** How near a line the pointer must be to name it or pick it, pixels. */
    static final double NEAR = 6;
    private static final PseudoClass PICKED = PseudoClass.getPseudoClass("picked");
    private static final PseudoClass FADED = PseudoClass.getPseudoClass("faded");

    private final ObservableList<ProjectsPaneViewModel.ShareMark> marks;
    private final List<Line> lines = new ArrayList<>();
    private final List<Label> labels = new ArrayList<>();
    private final LegendRoom legendRoom = new LegendRoom(this);
    /** Each line's look; by its place in the chart until told otherwise. */
    private Function<Series<Number, Number>, ProjectLook> looks = series -> ProjectColours.look(
            getData().indexOf(series));
    /** The line picked out, or null. */
    private Series<Number, Number> picked;
    private Consumer<Series<Number, Number>> onPick = series -> { };
    /** The name of the line under the pointer. */
    private final Tooltip lineName = new Tooltip();

    public DebtChart(ObservableList<ProjectsPaneViewModel.ShareMark> marks) {
        super(axis("Emulated days (a vertical line: a resource share changed)"), axis("Debt (CPU h)"));
        this.marks = marks;
        setAnimated(false);
        setCreateSymbols(false);
        setLegendSide(Side.BOTTOM);
        ((NumberAxis) getXAxis()).setForceZeroInRange(true);
        marks.addListener((ListChangeListener<ProjectsPaneViewModel.ShareMark>) c -> rebuildMarks());
        rebuildMarks();
        lineName.setId("debtLineName");
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> nameLineAt(e));
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> nameLineAt(null));
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            Series<Number, Number> line = lineAt(e.getSceneX(), e.getSceneY());
            if (line != null && e.getButton() == MouseButton.PRIMARY) {
                onPick.accept(line);
            }
        });
    }

    /** Picks out {@code series}'s line (none for null): wider, on top, the other lines and their legend faded. */
    void pick(Series<Number, Number> series) {
        picked = series;
        if (series != null && series.getNode() != null) {
            series.getNode().toFront();
        }
        applyLooks();
        requestChartLayout();
    }

    /** The tooltip naming the line near the pointer. */
    Tooltip lineName() {
        return lineName;
    }

    /** What clicking a line does with its series. */
    void setOnPick(Consumer<Series<Number, Number>> onPick) {
        this.onPick = onPick;
    }

    /**
     * Shows the name of the line near the pointer {@code e} beside it, with a hand, or neither (null: it left); the
     * line picked out says so, not to click it (QA).
     */
    private void nameLineAt(MouseEvent e) {
        Series<Number, Number> line = e == null ? null : lineAt(e.getSceneX(), e.getSceneY());
        setCursor(line != null ? Cursor.HAND : null);
        if (line == null) {
            lineName.hide();
            return;
        }
        lineName.setText(line.getName() + (line == picked ? " (picked out)" : " (click to pick out its line)"));
        lineName.show(this, e.getScreenX() + 12, e.getScreenY() + 16);
    }

    /**
     * The line within {@link #NEAR} pixels of the scene point ({@code sceneX}, {@code sceneY}) in the plot, the
     * nearest (of two as near, the one drawn later, on top), or null.
     */
    Series<Number, Number> lineAt(double sceneX, double sceneY) {
        double x = getXAxis().sceneToLocal(sceneX, sceneY).getX();
        double y = getYAxis().sceneToLocal(sceneX, sceneY).getY();
        if (x < 0 || x > getXAxis().getWidth() || y < 0 || y > getYAxis().getHeight()) {
            return null;
        }
        Series<Number, Number> nearest = null;
        double least = NEAR;
        for (Series<Number, Number> series : getData()) {
            int n = series.getData().size();
            double[] xs = new double[n];
            double[] ys = new double[n];
            for (int i = 0; i < n; i++) {
                Data<Number, Number> d = series.getData().get(i);
                xs[i] = getXAxis().getDisplayPosition(d.getXValue());
                ys[i] = getYAxis().getDisplayPosition(d.getYValue());
            }
            double distance = distance(xs, ys, x, y);
            if (distance <= least) {
                least = distance;
                nearest = series;
            }
        }
        return nearest;
    }

    /**
     * The distance from ({@code x}, {@code y}) to the line through the points ({@code xs[i]}, {@code ys[i]}) in
     * turn: to the nearest of its segments (a single point, to it); infinite for no point.
     */
    static double distance(double[] xs, double[] ys, double x, double y) {
        double least = xs.length == 1 ? Math.hypot(x - xs[0], y - ys[0]) : Double.POSITIVE_INFINITY;
        for (int i = 1; i < xs.length; i++) {
            double dx = xs[i] - xs[i - 1];
            double dy = ys[i] - ys[i - 1];
            double length2 = dx * dx + dy * dy;
            double t = length2 == 0 ? 0 : Math.max(0, Math.min(1, ((x - xs[i - 1]) * dx + (y - ys[i - 1]) * dy)
                    / length2));
            least = Math.min(least, Math.hypot(x - xs[i - 1] - t * dx, y - ys[i - 1] - t * dy));
        }
        return least;
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

    /**
     * Each line in its look, and its legend's sample a short piece of it (the legend lists the lines in order); the
     * picked line and its legend's item picked out, the others faded.
     */
    private void applyLooks() {
        List<Node> items = getLegend() instanceof Parent legend ? legend.getChildrenUnmodifiable() : List.of();
        for (int i = 0; i < getData().size(); i++) {
            Series<Number, Number> series = getData().get(i);
            ProjectLook look = looks.apply(series);
            boolean faded = picked != null && series != picked;
            if (series.getNode() != null) {
                if (!look.lineStyle().equals(series.getNode().getStyle())) {
                    series.getNode().setStyle(look.lineStyle());
                }
                series.getNode().pseudoClassStateChanged(PICKED, series == picked);
                series.getNode().pseudoClassStateChanged(FADED, faded);
            }
            if (i < items.size()) {
                items.get(i).pseudoClassStateChanged(PICKED, series == picked);
                items.get(i).pseudoClassStateChanged(FADED, faded);
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
