package org.cruncher.gui.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DiskLimit;
import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.model.FileRole;

/** Seed 004's disk decisions in plain words, for the Disk pane. */
public final class DiskWords {

    private DiskWords() {
    }

    private static final double GB = 1L << 30;

    /** The preference that sets the total limit, with its figure: "\"Use no more than 6 GB\"". */
    public static String bindingPref(DiskView d) {
        switch (d.source()) {
            case MAX_USED_GB:
                return "\"Use no more than " + Format.number(round(d.maxUsedGbLimit() / GB)) + " GB\"";
            case MIN_FREE_GB:
                double n = (d.coreUsage() + d.projectsUsage() + d.diskFree() - d.minFreeLimit()) / GB;
                return "\"Leave at least " + Format.number(round(n)) + " GB free\"";
            case MAX_USED_PCT:
                double pct = d.diskTotal() > 0 ? 100 * d.maxUsedPctLimit() / d.diskTotal() : 0;
                return "\"Use no more than " + Format.number(round(pct)) + " % of total\"";
            default:
                return "nothing (the disk's size is unknown)";
        }
    }

    /**
     * The limit the disk preferences being typed would set, for the Preferences dialog: "BOINC may use 96.4 GB,
     * set by \"Leave at least 1 GB free\", the least of the three; its files (its own and the projects') use 1.2 GB."
     * Its own files are counted, so the figure is the Disk pane's projects' usage and the client's own files.
     *
     * @param clientUsage bytes of the client's files now (its own and the projects')
     */
    public static String preview(DiskLimit l, double maxUsedGb, double minFreeGb, double maxUsedPct,
                                 double clientUsage) {
        if (l.source() == DiskLimitSource.NO_LIMIT) {
            return "No limit applies: the disk's size is unknown and no \"Use no more than N GB\" is set.";
        }
        String pref;
        switch (l.source()) {
            case MAX_USED_GB:
                pref = "\"Use no more than " + Format.number(round(maxUsedGb)) + " GB\"";
                break;
            case MIN_FREE_GB:
                pref = "\"Leave at least " + Format.number(round(minFreeGb)) + " GB free\"";
                break;
            default:
                pref = "\"Use no more than " + Format.number(round(maxUsedPct)) + " % of total\"";
                break;
        }
        String usage = clientUsage > l.total()
                ? "; its files (its own and the projects') use " + Format.size(clientUsage) + ", more than that: "
                + "files are deleted to make room, "
                + "and queued tasks given up if that brings them within it; if not, computing waits until there is "
                + "room."
                : "; its files (its own and the projects') use " + Format.size(clientUsage) + ".";
        int applying = (Double.isFinite(l.maxUsedGbLimit()) ? 1 : 0) + (Double.isFinite(l.minFreeLimit()) ? 1 : 0)
                + (Double.isFinite(l.maxUsedPctLimit()) ? 1 : 0);
        return "BOINC may use " + Format.size(l.total()) + ", set by " + pref
                + (applying > 1 ? ", the least of the " + (applying == 3 ? "three" : "two") : "") + usage;
    }

    /** To two decimals; below 0.01, to two significant digits ("Leave at least 0.001 GB free" is not 0). */
    private static double round(double x) {
        double r = Math.round(x * 100) / 100.0;
        return r != 0 || x == 0 || !Double.isFinite(x) ? r : new BigDecimal(x).round(new MathContext(2)).doubleValue();
    }

    /** Why a file was deleted. */
    public static String deletionReason(DeletionReason r) {
        switch (r) {
            case OFFENDER_FOR_NEW_FILE:
                return "Made room for a new file, as its project used more than its share";
            case OWN_FILE_FOR_NEW_FILE:
                return "Made room for a new file of the same project";
            case OVER_LIMIT_OFFENDER:
                return "Over the limit, and its project used more than its share";
            case OVER_LIMIT_ROUND_ROBIN:
                return "Over the limit: one file from each project in turn";
            default:
                return "Over the limit: a queued task was given up";
        }
    }

    /** What a file is. */
    public static String role(FileRole r) {
        switch (r) {
            case INPUT:
                return "Input";
            case OUTPUT:
                return "Output";
            case APP:
                return "Application";
            default:
                return "Project data";
        }
    }

    /** A file's place in its project's deletion order, or what keeps it. */
    public static String deletionOrder(FileView f) {
        return deletionOrder(f, null);
    }

    /**
     * As {@link #deletionOrder(FileView)}, naming the task that keeps the file and, for one waiting to run, why it
     * waits ({@code holderWhy}, its Why in the Tasks pane, or null): "Kept: task sieve_7 waits to run and needs it
     * (Waiting: every NVIDIA GPU is busy; ...)". QA on a small disk: queued GPU tasks held the room for days while a
     * CPU idled, and the pane said only "a task waiting to run needs it".
     */
    public static String deletionOrder(FileView f, String holderWhy) {
        if (f.hold() != FileHold.NONE) {
            return "Kept: " + (f.holder().isEmpty() ? hold(f.hold()) : heldBy(f.hold(), f.holder(), holderWhy));
        }
        return ordinal(f.deletionRank()) + " to go" + (f.sticky() ? " (kept between jobs until space is needed)"
                : "");
    }

    private static String heldBy(FileHold h, String task, String why) {
        switch (h) {
            case RUNNING_TASK:
                return "started task " + task + " uses it";
            case QUEUED_RESULT:
                return "task " + task + " waits to run and needs it" + (why == null || why.isEmpty() ? ""
                        : " (" + why + ")");
            case UNREPORTED_RESULT:
                return "the result of " + task + " is not yet reported";
            default:
                return hold(h);
        }
    }

    /** What keeps a file. */
    public static String hold(FileHold h) {
        switch (h) {
            case RUNNING_TASK:
                return "a started task uses it";
            case QUEUED_RESULT:
                return "a task waiting to run needs it";
            case UNREPORTED_RESULT:
                return "its result is not yet reported";
            case APP_VERSION:
                return "an application needs it";
            case INCOMING_JOB:
                return "a job arriving now needs it";
            default:
                return "nothing";
        }
    }

    /**
     * Whether the room a wait is for is there already: it came after the client last checked the wait (a report, or
     * a task that ended, freed files in the middle of its poll), so the wait ends at its next check (decision 0040).
     */
    public static boolean roomCame(RoomWait w) {
        return w.roomNow() >= w.roomWanted();
    }

    /**
     * Who holds the room {@code own} waits for: the projects over their share of the disk, furthest over first,
     * {@code own} among them as "its own tasks"; with {@code excess}, each with how far over its share it is:
     * "Prime Search (354 MB over its share)". "" when no project is over its share.
     */
    public static String roomHolders(ProjectDiskView own, List<ProjectDiskView> all, boolean excess) {
        List<ProjectDiskView> over = new ArrayList<>();
        for (ProjectDiskView q : all) {
            if (q.offender() && !q.url().equals(own.url())) {
                over.add(q);
            }
        }
        over.sort(Comparator.comparingDouble(ProjectDiskView::excess).reversed());
        if (own.offender()) {
            over.add(0, own);
        }
        List<String> names = new ArrayList<>();
        for (ProjectDiskView q : over) {
            String name = q.url().equals(own.url()) ? "its own tasks" : q.name();
            names.add(excess ? name + " (" + Format.size(q.excess()) + " over its share)" : name);
        }
        if (names.size() <= 1) {
            return names.isEmpty() ? "" : names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /**
     * The total limit in one line: what binds, free space and core usage. The projects' usage counts, as seed 004's
     * associate_file does, the room kept for files not yet on the disk (downloads, and outputs at their most), and
     * says how much of it that is.
     */
    public static String summary(DiskView d) {
        double kept = 0;
        for (ProjectDiskView p : d.projects()) {
            for (FileView f : p.files()) {
                kept += f.present() ? 0 : f.nbytes();
            }
        }
        String room = kept > 0 ? " (" + Format.size(kept) + " of it kept for files not yet written: downloads, and "
                + "outputs at their most)" : "";
        if (!Double.isFinite(d.totalLimit())) {
            return "No disk limit applies (the disk's size is unknown and no \"Use no more than N GB\" is set). "
                    + "Projects use " + Format.size(d.projectsUsage()) + room + ".";
        }
        String left = d.coreUsage() > 0 ? String.format(Locale.ROOT, " of the %s left for them after the client's own %s",
                Format.size(d.allProjectsLimit()), Format.size(d.coreUsage())) : "";
        String disk = d.diskTotal() > 0 ? Format.size(d.diskFree()) + " of the disk is free"
                : "the disk's size is unknown";
        return String.format(Locale.ROOT, "BOINC may use %s, set by %s. Projects use %s%s%s; %s.",
                Format.size(d.totalLimit()), bindingPref(d), Format.size(d.projectsUsage()), room, left, disk);
    }

    private static String ordinal(int n) {
        int mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th"
                : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        return n + suffix;
    }
}
