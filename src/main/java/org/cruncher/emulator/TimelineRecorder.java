package org.cruncher.emulator;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventSink;

/**
 * Writes an emulation's record to a folder: {@code timeline.csv} (every task start, resumption, preemption and
 * completion, and every RPC, with time, project, task, resource and reason) and {@code events.log} (every event, one
 * line each).
 */
public final class TimelineRecorder implements EventSink, Closeable {

    private static final Set<EventKind> TIMELINE = EnumSet.of(EventKind.TASK_STARTED, EventKind.TASK_RESUMED,
            EventKind.TASK_PREEMPTED, EventKind.TASK_COMPLETED, EventKind.TASK_FAILED, EventKind.RPC_SENT,
            EventKind.RPC_SUCCEEDED, EventKind.RPC_FAILED);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final BufferedWriter timeline;
    private final BufferedWriter log;
    private final double start;
    private boolean closed;

    public TimelineRecorder(Path dir, double start) throws IOException {
        Files.createDirectories(dir);
        this.start = start;
        this.timeline = Files.newBufferedWriter(dir.resolve("timeline.csv"), StandardCharsets.UTF_8);
        try {
            this.log = Files.newBufferedWriter(dir.resolve("events.log"), StandardCharsets.UTF_8);
            timeline.write("time,elapsed_s,event,project,task,resource,reason,detail\n");
        } catch (IOException e) {
            // The log cannot be opened (a folder of that name, a full disk): the timeline's file is not left open.
            timeline.close();
            throw e;
        }
    }

    /**
     * Writes each event whole: {@link #close} may come from another thread (Ctrl-C's shutdown hook), between two
     * events, never in the middle of a line; after it, events are dropped.
     */
    @Override
    public synchronized void accept(EngineEvent e) {
        if (closed) {
            return;
        }
        try {
            String when = TIME.format(Instant.ofEpochMilli(Math.round(e.time() * 1000)));
            String resource = e.resource() == null ? "" : e.resource().boincName();
            if (TIMELINE.contains(e.kind())) {
                timeline.write(String.join(",", when, String.format(Locale.ROOT, "%.3f", e.time() - start),
                        e.kind().name(), csv(e.project()), csv(e.task()), resource, e.reason(), csv(e.detail())));
                timeline.write('\n');
            }
            log.write(when + " [" + (e.project().isEmpty() ? "---" : e.project()) + "] "
                    + e.category().name().toLowerCase(Locale.ROOT) + " " + e.kind().name()
                    + (e.task().isEmpty() ? "" : " " + e.task())
                    + (resource.isEmpty() ? "" : " " + resource)
                    + (e.reason().isEmpty() ? "" : " " + e.reason())
                    + (e.detail().isEmpty() ? "" : ": " + e.detail()));
            log.write('\n');
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static String csv(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (BufferedWriter t = timeline; BufferedWriter l = log) {
            t.flush();
            l.flush();
        }
    }
}
