package org.cruncher.gui.events;

import java.util.Locale;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * One event of the log, with its text for people. Its texts are written when first read: at full speed thousands of
 * events arrive a second and most leave the log unread, so formatting each on arrival was most of the log's cost.
 * Read on the FX thread (the texts, once written, never change).
 */
public final class EventRow {

    private final EngineEvent event;
    private final String category;
    private String time;
    private String what;
    private String detail;

    public EventRow(EngineEvent e) {
        this.event = e;
        this.category = Words.category(e.category());
    }

    public EngineEvent event() {
        return event;
    }

    /** When it happened, emulated seconds. */
    public double eventTime() {
        return event.time();
    }

    public String getTime() {
        if (time == null) {
            time = Format.shortDateTime(event.time()) + ":" + Format.time(event.time()).substring(6);
        }
        return time;
    }

    /**
     * When it happened as the column shows it beside {@code now} (the newest event's time): "3 Jan 14:05:09" in the
     * same year, "3 Jan 2026 14:05:09" in another, so that a log that crosses New Year (or years of emulation) says
     * which year each older row is from.
     */
    public String timeBeside(double now) {
        return Format.sameYear(event.time(), now) || !Double.isFinite(now) ? getTime()
                : Format.shortDateTimeWithYear(event.time()) + ":" + Format.time(event.time()).substring(6);
    }

    /** When it happened with its day of the week and year, "Sat 3 Jan 2026 14:05:09", for hovering. */
    public String getFullTime() {
        return Format.fullStamp(event.time());
    }

    public String getCategory() {
        return category;
    }

    public String getProject() {
        return event.project();
    }

    public String getTask() {
        return event.task();
    }

    /** The resource it concerns, "CPU", "NVIDIA GPU"; "" if none. */
    public String getResource() {
        return event.resource() == null ? "" : event.resource().displayName();
    }

    /**
     * The whole event in one text, for the decisions panel: "Sat 3 Jan 2026 14:05:09 - Prime Search, task
     * sieve_000012_0, CPU. Resource backoff ended: room on disk (its sieve tasks need 101 MB: ...)".
     */
    public String fullText() {
        StringBuilder about = new StringBuilder();
        for (String part : new String[] {event.project(), event.task().isEmpty() ? "" : "task " + event.task(),
                getResource()}) {
            if (!part.isEmpty()) {
                about.append(about.length() == 0 ? "" : ", ").append(part);
            }
        }
        return getFullTime() + (about.length() == 0 ? "" : " - " + about) + ". " + getWhat()
                + (getDetail().isEmpty() ? "" : ": " + getDetail());
    }

    public String getWhat() {
        if (what == null) {
            what = Words.event(event.kind());
        }
        return what;
    }

    public String getDetail() {
        if (detail == null) {
            StringBuilder d = new StringBuilder();
            String reason = event.reason().isEmpty() ? "" : Words.reason(event.reason());
            if (!reason.isEmpty() && !getWhat().toLowerCase(Locale.ROOT).contains(reason.toLowerCase(Locale.ROOT))) {
                d.append(reason);
            }
            String more = event.detail();
            if (!more.isEmpty() && d.length() == 0) {
                d.append(more);
            } else if (!more.isEmpty()) {
                // What the engine said of it follows its reason in brackets: "largest anticipated debt (+57 min)",
                // "to fetch work (CPU: 3 h 05 min)", "backing off (project is down; ...)". After "Task started
                // pulsar_1:" in a decisions list, "...: +57 min" and "...: CPU: 3 h 05 min" chained colons.
                d.append(" (").append(more).append(")");
            }
            detail = d.toString();
        }
        return detail;
    }

    /** True if any field contains {@code needle} (lower case). */
    boolean contains(String needle) {
        return getTime().toLowerCase().contains(needle) || category.toLowerCase().contains(needle)
                || event.project().toLowerCase().contains(needle) || event.task().toLowerCase().contains(needle)
                || getResource().toLowerCase().contains(needle) || getWhat().toLowerCase().contains(needle)
                || getDetail().toLowerCase().contains(needle);
    }

    /**
     * The row as one line of the exported log. Its time has the year ("2026-01-03 14:05:09"): a file outlives the
     * window's context, an emulated year crosses New Year, and such times sort as text.
     */
    String line() {
        return String.join("\t", Format.isoStamp(event.time()), category, event.project(), event.task(),
                getResource(), getWhat(), getDetail());
    }
}
