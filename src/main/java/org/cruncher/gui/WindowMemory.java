package org.cruncher.gui;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

import javafx.geometry.Rectangle2D;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.gui.tasks.TaskSort;
import org.cruncher.gui.tasks.TasksLayout;
import org.cruncher.persist.AtomicFileWrite;
import org.cruncher.persist.IoReasons;

/**
 * What the window remembers between launches, in {@code DATA/window.properties}: where it was and how big (its
 * bounds when last neither maximized nor minimized), whether it was maximized, the pane shown, the emulation's speed
 * and whether it was paused, the Tasks table's sort order and filters, and whether the user closed the demo's hint.
 * What the file does not say, or says
 * wrongly, is left to the defaults, with one line saying so; the file is written whole on closing, in one atomic step.
 *
 * @param bounds    the window's place and size, unmaximized
 * @param maximized whether it filled the screen
 * @param pane      the pane shown, as {@code --pane} names it
 * @param speed     the emulation's speed
 * @param paused    whether the emulation was paused
 * @param tasks     the Tasks table's sort order and filters
 * @param demoHintClosed whether the user closed the bar saying what the demo is: it is not shown again
 */
public record WindowMemory(Optional<Rectangle2D> bounds, boolean maximized, Optional<String> pane,
                           Optional<EmulatorDriver.Speed> speed, Optional<Boolean> paused, TasksLayout tasks,
                           boolean demoHintClosed) {

    /** Nothing remembered: the first launch. */
    public static final WindowMemory NONE = new WindowMemory(Optional.empty(), false, Optional.empty(),
            Optional.empty(), Optional.empty(), TasksLayout.NONE, false);

    /** The file's name in the data folder. */
    public static final String FILE = "window.properties";

    /** The panes a window can be left on, by their {@code --pane} names. */
    static final List<String> PANES = List.of("tasks", "projects", "timeline", "work-fetch", "disk", "events");

    /** A remembered size below this is taken as a mistake (the window's own minimum is larger). */
    private static final double LEAST_SIZE = 200;

    /**
     * Reads {@code file}. A missing file is the first launch; an unreadable one, or a value that makes no sense, is
     * reported to {@code problems} in one line naming the file and left to the default.
     */
    public static WindowMemory read(Path file, Consumer<String> problems) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException | IllegalArgumentException e) {
            problems.accept(file + ": cannot be read (" + reason(e) + "); the window opens as on a first launch");
            return NONE;
        }
        List<String> wrong = new ArrayList<>();
        Optional<Rectangle2D> bounds = bounds(p, wrong);
        boolean maximized = flag(p, "maximized", wrong).orElse(false);
        Optional<String> pane = Optional.ofNullable(p.getProperty("pane")).map(s -> s.trim().toLowerCase(Locale.ROOT));
        if (pane.isPresent() && !PANES.contains(pane.get())) {
            wrong.add("pane " + pane.get());
            pane = Optional.empty();
        }
        Optional<EmulatorDriver.Speed> speed = Optional.empty();
        String s = p.getProperty("speed");
        if (s != null) {
            try {
                speed = Optional.of(EmulatorDriver.Speed.valueOf(s.trim()));
            } catch (IllegalArgumentException e) {
                wrong.add("speed " + s.trim());
            }
        }
        Optional<Boolean> paused = flag(p, "paused", wrong);
        Optional<TaskSort> sort = Optional.empty();
        String order = p.getProperty("tasks.sort");
        if (order != null) {
            sort = TaskSort.read(order);
            if (sort.isEmpty()) {
                wrong.add("tasks.sort " + order.trim());
            }
        }
        TasksLayout tasks = new TasksLayout(sort, flag(p, "tasks.activeOnly", wrong),
                flag(p, "tasks.atRiskOnly", wrong));
        boolean demoHintClosed = flag(p, "demoHint.closed", wrong).orElse(false);
        if (!wrong.isEmpty()) {
            problems.accept(file + ": " + String.join(", ", wrong) + " not understood; left to the default");
        }
        return new WindowMemory(bounds, maximized, pane, speed, paused, tasks, demoHintClosed);
    }

    /** Writes this to {@code file}, replacing what was there in one step. */
    public void write(Path file) throws IOException {
        Properties p = new Properties();
        bounds.ifPresent(b -> {
            p.setProperty("x", number(b.getMinX()));
            p.setProperty("y", number(b.getMinY()));
            p.setProperty("width", number(b.getWidth()));
            p.setProperty("height", number(b.getHeight()));
        });
        p.setProperty("maximized", Boolean.toString(maximized));
        pane.ifPresent(n -> p.setProperty("pane", n));
        speed.ifPresent(v -> p.setProperty("speed", v.name()));
        paused.ifPresent(v -> p.setProperty("paused", v.toString()));
        tasks.sort().ifPresent(v -> p.setProperty("tasks.sort", v.written()));
        tasks.activeOnly().ifPresent(v -> p.setProperty("tasks.activeOnly", v.toString()));
        tasks.atRiskOnly().ifPresent(v -> p.setProperty("tasks.atRiskOnly", v.toString()));
        p.setProperty("demoHint.closed", Boolean.toString(demoHintClosed));
        StringWriter text = new StringWriter();
        p.store(text, "Cruncher's window, as it was left; rewritten on closing");
        Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFileWrite.replace(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The remembered bounds, if the window would be found there: enough of its top strip (where the title bar is),
     * {@link #GRIP} pixels wide and its top edge, must lie on one of {@code screens}, so that it can be seen and
     * dragged back. A window left almost wholly off the screen, or on a screen unplugged since, is placed anew.
     */
    public Optional<Rectangle2D> boundsOn(List<Rectangle2D> screens) {
        return bounds.filter(b -> screens.stream().anyMatch(s -> {
            double left = Math.max(s.getMinX(), b.getMinX());
            double right = Math.min(s.getMaxX(), b.getMaxX());
            boolean topOn = b.getMinY() >= s.getMinY() && b.getMinY() + 20 <= s.getMaxY();
            return topOn && right - left >= Math.min(GRIP, b.getWidth());
        }));
    }

    /** How much of the title bar's width must be on a screen for the window to be put back where it was, pixels. */
    static final double GRIP = 100;

    private static Optional<Rectangle2D> bounds(Properties p, List<String> wrong) {
        String[] keys = {"x", "y", "width", "height"};
        double[] v = new double[keys.length];
        int given = 0;
        for (int i = 0; i < keys.length; i++) {
            String s = p.getProperty(keys[i]);
            if (s == null) {
                continue;
            }
            given++;
            try {
                v[i] = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                v[i] = Double.NaN;
            }
        }
        if (given == 0) {
            return Optional.empty();
        }
        boolean finite = given == keys.length && Double.isFinite(v[0]) && Double.isFinite(v[1])
                && Double.isFinite(v[2]) && Double.isFinite(v[3]);
        if (!finite || v[2] < LEAST_SIZE || v[3] < LEAST_SIZE) {
            wrong.add("the window's place and size");
            return Optional.empty();
        }
        return Optional.of(new Rectangle2D(v[0], v[1], v[2], v[3]));
    }

    private static Optional<Boolean> flag(Properties p, String key, List<String> wrong) {
        String s = p.getProperty(key);
        if (s == null) {
            return Optional.empty();
        }
        switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "true":
                return Optional.of(true);
            case "false":
                return Optional.of(false);
            default:
                wrong.add(key + " " + s.trim());
                return Optional.empty();
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static String reason(Exception e) {
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e instanceof IOException ? IoReasons.of((IOException) e) : e.getMessage();
    }
}
