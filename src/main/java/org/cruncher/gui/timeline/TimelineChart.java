package org.cruncher.gui.timeline;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.AccessibleRole;
import javafx.scene.Parent;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.ProjectColours;
import org.cruncher.gui.ProjectLook;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * Draws a {@link Timeline}: a row for the computer, grey where it was off or not allowed to compute, then one row per
 * project (its name on the left), one band per processor type in each, shaded in the project's colour where its tasks
 * held some of that type (the darker, the more of it), a time axis on top, and the time before the record began
 * hatched. Hovering says what the project ran then, or what the computer allowed; a click hands the row on.
 */
public final class TimelineChart extends Region {

    static final double LABEL_WIDTH = 210;
    static final double AXIS_HEIGHT = 24;
    static final double BAND = 16;
    static final double GAP = 8;

    /** Where a point of the chart falls: a project's row (null for the computer's) and a time. */
    public record Hit(Timeline.Lane lane, double time) {

        /** Whether the point is on the computer's row. */
        public boolean onComputer() {
            return lane == null;
        }
    }

    /** What the figures' line says before the arrow keys place the keyboard's time. */
    public static final String KEYS = "Up and Down choose a row, Left and Right move in time, Home and End go to the "
            + "start and to now: the figures then show here.";
    /** The computer's row's name. */
    static final String COMPUTER = "This computer";

    private final Canvas canvas = new Canvas();
    private final Tooltip tip = ColumnHeaders.wrapped("");
    private boolean tipInstalled;
    private Timeline timeline;
    private Consumer<Hit> onSelect = hit -> { };
    /** Where the mouse is over the chart (NaN when it is not), so that the tooltip follows a redraw too. */
    private double mouseX = Double.NaN;
    private double mouseY = Double.NaN;
    /**
     * The keyboard's place: a row (0 the computer's, then the projects') and a time, moved by the arrow keys and
     * chosen as a click chooses (NaN time: not placed yet; it starts at the computer's row, now).
     */
    private int cursorRow;
    private double cursorTime = Double.NaN;
    /** What is at the keyboard's place, as hovering says it, while the chart has the focus; else empty. */
    private final ReadOnlyStringWrapper figures = new ReadOnlyStringWrapper("");

    public TimelineChart() {
        getChildren().add(canvas);
        tip.setShowDelay(Duration.millis(150));
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            mouseX = e.getX();
            mouseY = e.getY();
            updateTip();
        });
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            mouseX = Double.NaN;
            mouseY = Double.NaN;
        });
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            Hit hit = hit(e.getX(), e.getY());
            if (hit != null) {
                // The keyboard goes on from where the mouse chose.
                cursorRow = hit.onComputer() ? 0 : timeline.lanes().indexOf(hit.lane()) + 1;
                cursorTime = hit.time();
            }
            requestFocus();
            sayFigures();
            draw();
            if (hit != null) {
                onSelect.accept(hit);
            }
        });
        // From the keyboard: Up and Down choose a row, Left and Right move along it (a 48th of the span a step),
        // each choosing it as a click does; what is there is said for screen readers as the tooltip says it.
        setFocusTraversable(true);
        setAccessibleRole(AccessibleRole.TEXT);
        addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
        focusedProperty().addListener((o, was, now) -> {
            sayFigures();
            draw();
        });
    }

    /**
     * What is at the keyboard's place, in the words hovering shows, for the figures' line below the chart and for
     * screen readers; before the arrow keys place it, how to; nothing without the focus.
     */
    public ReadOnlyStringProperty figuresProperty() {
        return figures;
    }

    private void sayFigures() {
        Hit hit = cursorHit();
        String said = hit == null ? KEYS : hit.onComputer() ? TimelineViewModel.describeHost(timeline, hit.time())
                : TimelineViewModel.describe(timeline, hit.lane(), hit.time(), "its decisions then are below");
        setAccessibleText(said);
        figures.set(isFocused() && timeline != null ? said : "");
    }

    private void onKey(KeyEvent e) {
        if (timeline == null || !(timeline.end() > timeline.start())) {
            return;
        }
        double step = (timeline.end() - timeline.start()) / 48;
        int rows = timeline.lanes().size() + 1;
        double time = Double.isNaN(cursorTime) ? timeline.end() : cursorTime;
        int row = cursorRow;
        switch (e.getCode()) {
            case UP -> row = Math.max(0, row - 1);
            case DOWN -> row = Math.min(rows - 1, row + 1);
            case LEFT -> time -= step;
            case RIGHT -> time += step;
            case HOME -> time = timeline.start();
            case END -> time = timeline.end();
            case ENTER, SPACE -> { }
            default -> {
                return;
            }
        }
        e.consume();
        cursorRow = Math.min(row, rows - 1);
        cursorTime = Math.max(timeline.start(), Math.min(timeline.end(), time));
        revealRow(cursorRow);
        Hit hit = cursorHit();
        sayFigures();
        draw();
        onSelect.accept(hit);
    }

    /**
     * Scrolls the pane the chart is in, if any, so that keyboard row {@code row} (0: the computer's, with the axis
     * above it) is in view (QA at 800x600: the arrow keys moved to rows below the view, and the chart stayed put).
     */
    private void revealRow(int row) {
        ScrollPane pane = null;
        for (Parent p = getParent(); p != null && pane == null; p = p.getParent()) {
            pane = p instanceof ScrollPane s ? s : null;
        }
        double view = pane == null ? 0 : pane.getViewportBounds().getHeight();
        double content = getHeight();
        if (pane == null || content <= view) {
            return;
        }
        double top = row == 0 ? 0 : lanesTop() + (row - 1) * laneHeight();
        double bottom = row == 0 ? lanesTop() : top + laneHeight();
        double offset = pane.getVvalue() * (content - view);
        if (top < offset) {
            offset = top;
        } else if (bottom > offset + view) {
            offset = bottom - view;
        }
        pane.setVvalue(offset / (content - view));
    }

    /** The keyboard's place as a hit, or null before it is placed. */
    Hit cursorHit() {
        if (timeline == null || Double.isNaN(cursorTime)) {
            return null;
        }
        int row = Math.min(cursorRow, timeline.lanes().size());
        return new Hit(row == 0 ? null : timeline.lanes().get(row - 1), cursorTime);
    }

    private String describe(Hit hit) {
        return hit.onComputer() ? TimelineViewModel.describeHost(timeline, hit.time())
                : TimelineViewModel.describe(timeline, hit.lane(), hit.time());
    }

    /**
     * Says what is under the mouse; over no row (the names, the axis, a gap) there is no tooltip at all, rather than
     * an empty one.
     */
    private void updateTip() {
        Hit hit = Double.isNaN(mouseX) ? null : hit(mouseX, mouseY);
        if (hit == null) {
            tip.setText("");
            tip.hide();
            if (tipInstalled) {
                Tooltip.uninstall(this, tip);
                tipInstalled = false;
            }
            return;
        }
        tip.setText(describe(hit));
        if (!tipInstalled) {
            Tooltip.install(this, tip);
            tipInstalled = true;
        }
    }

    /** What a click on a project's row does, told the row and the moment clicked. */
    public void setOnSelect(Consumer<Hit> action) {
        onSelect = action;
    }

    /** The tooltip's text: what was under the mouse when it last moved. */
    public String tipText() {
        return tip.getText();
    }

    public Timeline timeline() {
        return timeline;
    }

    public void show(Timeline t) {
        boolean rows = timeline == null || timeline.lanes().size() != t.lanes().size()
                || timeline.resources().size() != t.resources().size();
        timeline = t;
        if (rows) {
            requestLayout();
        }
        draw();
        updateTip();
        sayFigures();
    }

    private double laneHeight() {
        return Math.max(1, timeline.resources().size()) * BAND + GAP;
    }

    @Override
    protected double computePrefHeight(double width) {
        return timeline == null ? AXIS_HEIGHT : lanesTop() + timeline.lanes().size() * laneHeight();
    }

    @Override
    protected double computePrefWidth(double height) {
        return LABEL_WIDTH + 600;
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    private double x(double time) {
        double w = getWidth() - LABEL_WIDTH - 8;
        return LABEL_WIDTH + (time - timeline.start()) / (timeline.end() - timeline.start()) * w;
    }

    /** Where the projects' rows begin: below the axis and the computer's row. */
    private double lanesTop() {
        return AXIS_HEIGHT + laneHeight();
    }

    /** The middle of {@code lane}'s {@code band}-th band at {@code time}, in the chart's coordinates. */
    public Point2D pointOf(int lane, int band, double time) {
        return new Point2D(x(time), lanesTop() + lane * laneHeight() + band * BAND + BAND / 2);
    }

    /** The middle of the computer's row's {@code band}-th band at {@code time}, in the chart's coordinates. */
    public Point2D computerPointOf(int band, double time) {
        return new Point2D(x(time), AXIS_HEIGHT + band * BAND + BAND / 2);
    }

    /** The row (a project's or the computer's) and the time at (x, y), or null outside the rows. */
    public Hit hit(double x, double y) {
        if (timeline == null || x < LABEL_WIDTH || x > getWidth() - 8 || y < AXIS_HEIGHT) {
            return null;
        }
        int row = (int) ((y - AXIS_HEIGHT) / laneHeight());
        if (row > timeline.lanes().size() || (y - AXIS_HEIGHT) - row * laneHeight() > laneHeight() - GAP) {
            return null;
        }
        double w = getWidth() - LABEL_WIDTH - 8;
        double time = timeline.start() + (x - LABEL_WIDTH) / w * (timeline.end() - timeline.start());
        return new Hit(row == 0 ? null : timeline.lanes().get(row - 1), time);
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (timeline == null || getWidth() <= LABEL_WIDTH + 8 || !(timeline.end() > timeline.start())) {
            return;
        }
        Font font = Font.font(12);
        g.setFont(font);
        drawAxis(g);
        double right = getWidth() - 8;
        List<ResourceType> types = List.copyOf(timeline.resources().keySet());
        drawComputer(g, font, types, right);
        double top = lanesTop();
        List<NoAppNote> notes = new ArrayList<>();
        for (int i = 0; i < timeline.lanes().size(); i++) {
            Timeline.Lane lane = timeline.lanes().get(i);
            ProjectLook look = ProjectColours.look(i);
            Color colour = look.colour();
            g.setFill(Color.web("#222222"));
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            // Beside the bands' own labels the name gets what they leave; the whole name is in the tooltip.
            g.fillText(fit(lane.name(), font, types.size() > 1 ? LABEL_WIDTH - 84 : LABEL_WIDTH - 12), 6,
                    top + BAND / 2);
            for (int k = 0; k < types.size(); k++) {
                ResourceType type = types.get(k);
                double y = top + k * BAND;
                g.setFill(Color.web(lane.noAppFor(type) ? "#fafafa" : "#f1f1f1"));
                g.fillRect(LABEL_WIDTH, y + 1, right - LABEL_WIDTH, BAND - 2);
                fillWhereHostStops(g, type, y, Color.web("#dedede"));
                if (lane.noAppFor(type)) {
                    notes.add(new NoAppNote("no " + Words.resource(type) + " application", y));
                }
                if (types.size() > 1) {
                    g.setFill(Color.web("#777777"));
                    g.setTextAlign(TextAlignment.RIGHT);
                    g.fillText(Words.resource(type), LABEL_WIDTH - 6, y + BAND / 2, LABEL_WIDTH / 2);
                    g.setTextAlign(TextAlignment.LEFT);
                }
                int instances = Math.max(1, timeline.resources().get(type));
                for (Timeline.Segment s : lane.held().getOrDefault(type, List.of())) {
                    double share = Math.min(1, s.instances() / instances);
                    g.setFill(colour.deriveColor(0, 1, 1, 0.3 + 0.7 * share));
                    double x0 = Math.max(LABEL_WIDTH, x(s.from()));
                    g.fillRect(x0, y + 1, Math.max(1, x(s.to()) - x0), BAND - 2);
                    strokeDashes(g, look, x0, Math.max(x0 + 1, x(s.to())), y + BAND / 2);
                }
            }
            top += laneHeight();
        }
        double recordStart = LABEL_WIDTH;
        if (timeline.since() > timeline.start()) {
            recordStart = Math.min(right, x(timeline.since()));
            drawBeforeTheRecord(g, recordStart, top);
        }
        drawNoAppNotes(g, notes, font, recordStart, right);
        drawCursor(g, right);
    }

    /** While the chart has the focus, the keyboard's place: its row outlined, and a line at its time. */
    private void drawCursor(GraphicsContext g, double right) {
        if (!isFocused()) {
            return;
        }
        Hit hit = cursorHit();
        int row = hit == null ? 0 : Math.min(cursorRow, timeline.lanes().size());
        double y = AXIS_HEIGHT + row * laneHeight();
        double h = laneHeight() - GAP;
        g.setStroke(Color.web("#039ed3"));
        g.setLineWidth(2);
        g.strokeRect(LABEL_WIDTH - 1, y, right - LABEL_WIDTH + 2, h);
        if (hit != null) {
            double x = x(hit.time());
            g.strokeLine(x, y, x, y + h);
        }
        g.setLineWidth(1);
    }

    /**
     * The computer's row: a band per processor type, grey where that type could not compute (darker while the
     * computer was off), with a word saying why where it fits.
     */
    private void drawComputer(GraphicsContext g, Font font, List<ResourceType> types, double right) {
        g.setFill(Color.web("#222222"));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(fit(COMPUTER, font, types.size() > 1 ? LABEL_WIDTH - 84 : LABEL_WIDTH - 12), 6,
                AXIS_HEIGHT + BAND / 2);
        for (int k = 0; k < types.size(); k++) {
            ResourceType type = types.get(k);
            double y = AXIS_HEIGHT + k * BAND;
            g.setFill(Color.web("#f1f1f1"));
            g.fillRect(LABEL_WIDTH, y + 1, right - LABEL_WIDTH, BAND - 2);
            if (types.size() > 1) {
                g.setFill(Color.web("#777777"));
                g.setTextAlign(TextAlignment.RIGHT);
                g.fillText(Words.resource(type), LABEL_WIDTH - 6, y + BAND / 2, LABEL_WIDTH / 2);
                g.setTextAlign(TextAlignment.LEFT);
            }
            for (Timeline.HostStretch s : timeline.host()) {
                if (s.computes(type)) {
                    continue;
                }
                double x0 = Math.max(LABEL_WIDTH, x(s.from()));
                double width = Math.max(1, Math.min(right, x(s.to())) - x0);
                g.setFill(Color.web(s.availability() == HostAvailability.OFF ? "#9a9a9a" : "#c2c2c2"));
                g.fillRect(x0, y + 1, width, BAND - 2);
                String word = word(s.availability());
                Text text = new Text(word);
                text.setFont(font);
                if (text.getLayoutBounds().getWidth() + 8 <= width) {
                    g.setFill(s.availability() == HostAvailability.OFF ? Color.WHITE : Color.web("#333333"));
                    g.fillText(word, x0 + 4, y + BAND / 2);
                }
            }
        }
    }

    /** The word written in a grey stretch of the computer's row. */
    static String word(HostAvailability a) {
        return switch (a) {
            case OFF -> "off";
            case NOT_ALLOWED -> "not allowed";
            case DISK_FULL -> "over disk limit";
            case GPUS_SUSPENDED -> "GPUs suspended";
            case COMPUTING -> "";
        };
    }

    /**
     * A project drawn with a dashed line in the debt chart has its dashes across the middle of its bands, in a dark
     * shade of its colour, from {@code x0} to {@code x1}: after the palette's nine colours, a project's colour alone
     * is another's too. (White dashes vanished on the pale bands of a project that ran on a small part of the
     * resource, QA.)
     */
    private static void strokeDashes(GraphicsContext g, ProjectLook look, double x0, double x1, double y) {
        if (look.solid()) {
            return;
        }
        g.save();
        g.setStroke(look.colour().deriveColor(0, 1, 0.5, 1));
        g.setLineWidth(3);
        g.setLineCap(StrokeLineCap.BUTT);
        g.setLineDashes(look.dashes().stream().mapToDouble(Double::doubleValue).toArray());
        g.strokeLine(x0, y, x1, y);
        g.restore();
    }

    /** A project's band in {@code colour} where the computer did not let {@code type} compute. */
    private void fillWhereHostStops(GraphicsContext g, ResourceType type, double y, Color colour) {
        double right = getWidth() - 8;
        g.setFill(colour);
        for (Timeline.HostStretch s : timeline.host()) {
            if (!s.computes(type)) {
                double x0 = Math.max(LABEL_WIDTH, x(s.from()));
                g.fillRect(x0, y + 1, Math.max(1, Math.min(right, x(s.to())) - x0), BAND - 2);
            }
        }
    }

    /** "no NVIDIA GPU application" in a band, and where: the band's top. */
    private record NoAppNote(String text, double y) {
    }

    /**
     * The bands' "no ... application" notes, drawn over the hatching: where the record begins if they fit there,
     * else ending at the band's end on a plain ground (under the hatching, they could not be read).
     */
    private static void drawNoAppNotes(GraphicsContext g, List<NoAppNote> notes, Font font, double recordStart,
                                       double right) {
        for (NoAppNote n : notes) {
            Text text = new Text(n.text());
            text.setFont(font);
            double w = text.getLayoutBounds().getWidth();
            double x = noteX(recordStart, w, right);
            if (x < recordStart) {
                g.setFill(Color.web("#fafafa"));
                g.fillRect(x - 4, n.y() + 3, w + 8, BAND - 6);
            }
            g.setFill(Color.web("#8a8a8a"));
            g.fillText(n.text(), x, n.y() + BAND / 2);
        }
    }

    /**
     * The time before the record began, hatched: a grey veil alone read like a project's band (when the palette's
     * eighth colour was grey). The hatching's lines are cut to the area here, not by a clip: a clip blends the whole
     * canvas, all the projects' rows, at each drawing (with 50 projects the window ran at half its speed).
     */
    private void drawBeforeTheRecord(GraphicsContext g, double right, double bottom) {
        double width = right - LABEL_WIDTH;
        double height = bottom - AXIS_HEIGHT;
        if (width < 1 || height <= 0) {
            return;
        }
        g.setFill(Color.web("#ffffff", 0.55));
        g.fillRect(LABEL_WIDTH, AXIS_HEIGHT, width, height);
        g.setStroke(Color.web("#9a9a9a"));
        g.setLineWidth(1);
        for (double[] line : hatching(LABEL_WIDTH, AXIS_HEIGHT, width, height, 9)) {
            g.strokeLine(line[0], line[1], line[2], line[3]);
        }
    }

    /**
     * Lines rising 45 degrees to the right, {@code step} apart along the bottom edge, each cut to the rectangle at
     * ({@code left}, {@code top}), {@code width} x {@code height}: {x0, y0, x1, y1} from its lower end. A line that
     * starts {@code d} from the left at the bottom is at left + d + s, bottom - s for s in [0, height], inside where
     * s is at least -d and at most width - d.
     */
    static List<double[]> hatching(double left, double top, double width, double height, double step) {
        List<double[]> lines = new ArrayList<>();
        double bottom = top + height;
        for (double d = -height; d < width; d += step) {
            double s0 = Math.max(0, -d);
            double s1 = Math.min(height, width - d);
            if (s1 > s0) {
                lines.add(new double[] {left + d + s0, bottom - s0, left + d + s1, bottom - s1});
            }
        }
        return lines;
    }

    /**
     * Where a note {@code width} pixels wide starts: just after the start of the record, or, where it would run past
     * {@code right}, ending at the band's end, beside the short record it speaks of (on a plain ground then, over
     * the hatching); at the band's start if it is wider than the band. At the band's start, a week's view showed it
     * far from the few hours recorded.
     */
    static double noteX(double recordStart, double width, double right) {
        double x = recordStart + 6;
        return x + width <= right ? x : Math.max(LABEL_WIDTH + 6, right - 6 - width);
    }

    /** {@code s}, cut with an ellipsis to fit {@code width} pixels in {@code font}. */
    private static String fit(String s, Font font, double width) {
        Text text = new Text(s);
        text.setFont(font);
        if (text.getLayoutBounds().getWidth() <= width) {
            return s;
        }
        for (int n = s.length() - 1; n > 0; n--) {
            text.setText(s.substring(0, n) + "\u2026");
            if (text.getLayoutBounds().getWidth() <= width) {
                return text.getText();
            }
        }
        return "\u2026";
    }

    /** Ticks on the hour (every hour, 3 hours or day as the span grows), labelled with the time of day or date. */
    private void drawAxis(GraphicsContext g) {
        double span = timeline.end() - timeline.start();
        double step = span <= 6 * 3600 ? 3600 : span <= 86400 ? 3 * 3600 : 86400;
        double offset = ZoneId.systemDefault().getRules().getOffset(Instant.ofEpochSecond((long) timeline.end()))
                .getTotalSeconds();
        double first = Math.ceil((timeline.start() + offset) / step) * step - offset;
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        double bottom = lanesTop() + timeline.lanes().size() * laneHeight();
        for (double t = first; t <= timeline.end(); t += step) {
            double x = x(t);
            g.setStroke(Color.web("#dddddd"));
            g.strokeLine(x, AXIS_HEIGHT - 4, x, bottom);
            // A label too near the right edge would be cut: the line alone marks it.
            if (x + 24 <= getWidth()) {
                g.setFill(Color.web("#555555"));
                g.fillText(step >= 86400 ? Format.shortDateTime(t).replace(" 00:00", "") : Format.clock(t), x,
                        AXIS_HEIGHT / 2);
            }
        }
    }
}
