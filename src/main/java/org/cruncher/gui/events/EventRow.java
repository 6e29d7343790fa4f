package org.cruncher.gui.events;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/** One event of the log, with its text for people. Immutable. */
public final class EventRow {

    private final EngineEvent event;
    private final String time;
    private final String category;
    private final String what;
    private final String detail;

    public EventRow(EngineEvent e) {
        this.event = e;
        this.time = Format.shortDateTime(e.time()) + ":" + Format.time(e.time()).substring(6);
        this.category = Words.category(e.category());
        this.what = Words.event(e.kind());
        StringBuilder d = new StringBuilder();
        if (!e.reason().isEmpty()) {
            d.append(Words.reason(e.reason()));
        }
        if (!e.detail().isEmpty()) {
            d.append(d.length() > 0 ? ": " : "").append(e.detail());
        }
        this.detail = d.toString();
    }

    public EngineEvent event() {
        return event;
    }

    public String getTime() {
        return time;
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

    public String getWhat() {
        return what;
    }

    public String getDetail() {
        return detail;
    }

    /** True if any field contains {@code needle} (lower case). */
    boolean contains(String needle) {
        return time.toLowerCase().contains(needle) || category.toLowerCase().contains(needle)
                || event.project().toLowerCase().contains(needle) || event.task().toLowerCase().contains(needle)
                || what.toLowerCase().contains(needle) || detail.toLowerCase().contains(needle);
    }

    /** The row as one line of the exported log. */
    String line() {
        return String.join("\t", time, category, event.project(), event.task(), what, detail);
    }
}
