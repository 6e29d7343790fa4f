package org.cruncher.gui.disk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.gui.text.DiskWords;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * The Disk pane (seed 004): the total limit and which preference sets it, each project's usage against its share,
 * the selected project's files in deletion order, the last deletions and why, and a banner while computing is
 * suspended for disk. Runs on the FX thread.
 */
public final class DiskPaneViewModel {

    private final ObservableList<DiskProjectRow> projects = FXCollections.observableArrayList();
    private final Map<String, DiskProjectRow> byUrl = new HashMap<>();
    private final ObservableList<FileRow> files = FXCollections.observableArrayList();
    private final ObservableList<DeletionRow> deletions = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper banner = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper suspended = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper filesTitle = new ReadOnlyStringWrapper("Files");
    private String selectedUrl;
    private EngineSnapshot last;

    public ObservableList<DiskProjectRow> projects() {
        return projects;
    }

    /** The selected project's files: those that may go, in deletion order, then those kept. */
    public ObservableList<FileRow> files() {
        return files;
    }

    /** The latest deletions to make room, newest first. */
    public ObservableList<DeletionRow> deletions() {
        return deletions;
    }

    /** The total limit, what sets it, usage, free space and core usage, in one sentence. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** What is wrong and what the user can do, while computing is suspended for disk; "" otherwise. */
    public ReadOnlyStringProperty bannerProperty() {
        return banner.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty suspendedProperty() {
        return suspended.getReadOnlyProperty();
    }

    /** "Files of B (12; 3 may go)". */
    public ReadOnlyStringProperty filesTitleProperty() {
        return filesTitle.getReadOnlyProperty();
    }

    /** Shows the files of the project at {@code url} (null: the first project). */
    public void select(String url) {
        selectedUrl = url;
        if (last != null) {
            updateFiles(last);
        }
    }

    public void update(EngineSnapshot s) {
        last = s;
        DiskView d = s.disk();
        summary.set(DiskWords.summary(d));
        suspended.set(d.suspended());
        banner.set(d.suspended() ? banner(d) : "");
        Set<String> seen = new HashSet<>();
        for (ProjectDiskView p : d.projects()) {
            seen.add(p.url());
            DiskProjectRow row = byUrl.get(p.url());
            if (row == null) {
                row = new DiskProjectRow(p.url());
                byUrl.put(p.url(), row);
                projects.add(row);
            }
            row.update(p, d.projects());
        }
        projects.removeIf(r -> !seen.contains(r.url()));
        byUrl.keySet().retainAll(seen);
        updateFiles(s);
        List<DeletionRow> rows = new ArrayList<>();
        for (DeletionView x : d.recentDeletions()) {
            rows.add(new DeletionRow(Format.stamp(x.time()), x.projectName(), x.fileName() + " ("
                    + Format.size(x.nbytes()) + ")", DiskWords.deletionReason(x.reason())
                    + (x.detail().isEmpty() ? "" : " (" + x.detail() + ")")));
        }
        if (!rows.equals(deletions)) {
            deletions.setAll(rows);
        }
    }

    private void updateFiles(EngineSnapshot s) {
        DiskView d = s.disk();
        double now = s.time();
        ProjectDiskView p = null;
        for (ProjectDiskView x : d.projects()) {
            if (x.url().equals(selectedUrl) || (p == null && selectedUrl == null)) {
                p = x;
            }
        }
        if (p == null) {
            files.clear();
            filesTitle.set("Files");
            return;
        }
        Map<String, TaskView> waiting = waitingTasks(s, p.url());
        List<FileRow> rows = new ArrayList<>();
        int expendable = 0;
        for (FileView f : p.files()) {
            boolean held = f.hold() != FileHold.NONE;
            if (!held) {
                expendable++;
            }
            String expires = (f.expiry() <= now ? "expired " : "") + Format.shortDateTime(f.expiry(), now);
            rows.add(new FileRow(f.name(), DiskWords.role(f.role()), Format.size(f.nbytes()),
                    Integer.toString(f.priority()), expires, Format.shortDateTime(f.lastUsed(), now),
                    DiskWords.deletionOrder(f, whyWaits(waiting.get(f.holder()), s)), held));
        }
        if (!rows.equals(files)) {
            files.setAll(rows);
        }
        filesTitle.set(filesTitle(p.name(), p.fileCount(), p.files().size(), expendable, p.policy().label()));
    }

    /** The tasks of the project at {@code url} that wait to run, by name. */
    private static Map<String, TaskView> waitingTasks(EngineSnapshot s, String url) {
        Map<String, TaskView> byName = new HashMap<>();
        for (TaskView t : s.tasks()) {
            if (t.projectUrl().equals(url)
                    && (t.status() == TaskStatus.READY_TO_START || t.status() == TaskStatus.PREEMPTED)) {
                byName.put(t.name(), t);
            }
        }
        return byName;
    }

    /** Why task {@code t} waits, as the Tasks pane says it; null without a task. */
    private static String whyWaits(TaskView t, EngineSnapshot s) {
        return t == null ? null : Words.why(t, s.host().cpuFlops(), s.nextPeriodBoundary(), Words.notComputing(s));
    }

    /**
     * "Files of A (8; 3 may go when space is needed, in this order; policy: LRU)", "... (1,200, the first 500
     * shown; ...)", or "Files of A: none" for a project that keeps no file.
     */
    static String filesTitle(String project, int count, int shown, int expendable, String policy) {
        if (count == 0) {
            return "Files of " + project + ": none";
        }
        String first = count > shown ? ", the first " + shown + " shown" : "";
        return "Files of " + project + " (" + count + first + "; " + expendable + " may go when space is needed, in "
                + "this order; policy: " + policy + ")";
    }

    /**
     * Why computing waits for disk space: what is held by tasks and results, or, where the client's own files alone
     * pass the limit, that (no task could be given up to help).
     */
    private static String banner(DiskView d) {
        String held = d.coreUsage() >= d.totalLimit()
                ? "; the client's own files alone take " + Format.size(d.coreUsage()) + ", so no task fits under it, "
                + "whatever is given up"
                : ", and the rest is held by tasks and results (giving up those not started would not bring it under "
                + "the limit)";
        return "Computing is suspended for disk space: BOINC uses " + Format.size(d.coreUsage() + d.projectsUsage())
                + ", " + Format.size(d.excess()) + " over its limit of " + Format.size(d.totalLimit()) + " set by "
                + DiskWords.bindingPref(d) + held + ". Raise the limit in File > Computing preferences or free space on "
                + "the disk; computing resumes by itself when there is room.";
    }
}
