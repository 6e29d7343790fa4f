package org.cruncher.gui.text;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.api.DiskRefusal;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RoomWait;

/**
 * A project's standing on the Disk pane, in two parts: a headline for the Standing column (what keeps new work from
 * it first, then where it stands against its share), and the details for its tooltip, one short sentence a line.
 * The tooltip was one paragraph of up to a hundred words (QA: too long to read in a tooltip).
 */
public final class StandingWords {

    private StandingWords() {
    }

    /**
     * What keeps new work from the project first (no room can be made, it leaves room to a project within its
     * share, its server found too little room for its smallest job, or its requests wait for room), so that the
     * column shows it at a laptop's width; then where it stands against its share (over it, within it, no limit).
     */
    public static String headline(ProjectDiskView p) {
        return headline(p, List.of(p));
    }

    /**
     * As {@link #headline(ProjectDiskView)}, where {@code all} are every project's standings, so that a wait for room
     * names who holds that room: the projects over their share, or the project's own tasks (QA: Climate Model, within
     * its share, was said to have filled the room its tasks may use, while Prime Search, far over its own, held it).
     */
    public static String headline(ProjectDiskView p, List<ProjectDiskView> all) {
        return String.join(" ", headlineLines(p, all));
    }

    /** The headline's sentences, then the details, each on a line of its own. */
    public static String details(ProjectDiskView p) {
        return details(p, List.of(p));
    }

    /** As {@link #details(ProjectDiskView)}, naming who holds the room a wait is for among {@code all}. */
    public static String details(ProjectDiskView p, List<ProjectDiskView> all) {
        List<String> lines = headlineLines(p, all);
        DiskRefusal r = p.noRoom() ? null : p.shortfall();
        if (r != null) {
            lines.add("Figures of its request at " + Format.stamp(r.time()) + ".");
            lines.add("The offer counts the files that could be deleted to make room.");
            double shareLeft = p.limit() - p.usage();
            if (!p.offender() && Double.isFinite(shareLeft) && r.availableBytes() < shareLeft) {
                lines.add("That is less than the " + Format.size(shareLeft) + " left of its share: other projects' "
                        + "tasks hold files that fill the rest of the limit.");
            }
        }
        String other = p.yieldsTo();
        if (!other.isEmpty()) {
            lines.add(other + " is within its share, has no work, and waits for room for its next task.");
            lines.add("Until then this project gets no new work.");
            lines.add("It reports finished tasks at once, so the room they free goes to " + other + ".");
        }
        String held = DiskWords.roomHolders(p, all, true);
        for (RoomWait w : p.roomWaits()) {
            lines.addAll(waitLines(w, held));
        }
        // Said once, after every wait's figures (QA: with a CPU and a GPU wait, both lines came twice).
        if (p.roomWaits().stream().anyMatch(w -> !DiskWords.roomCame(w))) {
            lines.add("The room that could be offered counts the files of finished tasks (deleted when reported).");
            lines.add("It also counts space other projects leave unused, even beyond its share.");
        }
        return String.join("\n", lines);
    }

    private static List<String> headlineLines(ProjectDiskView p, List<ProjectDiskView> all) {
        List<String> lines = new ArrayList<>();
        DiskRefusal r = p.noRoom() ? null : p.shortfall();
        if (p.noRoom()) {
            lines.add("No room can be made for new work: not asking for any.");
        } else if (!p.yieldsTo().isEmpty()) {
            lines.add("Leaves room to " + p.yieldsTo() + ": not asking for work.");
        }
        if (r != null) {
            lines.add("Its smallest " + r.appName() + " job needs " + Format.size(r.neededBytes()) + "; at most "
                    + Format.size(r.availableBytes()) + " could be offered.");
        }
        String holders = DiskWords.roomHolders(p, all, false);
        for (RoomWait w : p.roomWaits()) {
            String type = w.type().displayName();
            lines.add(DiskWords.roomCame(w)
                    ? type + " requests wait for room: " + Format.size(w.roomNow()) + " could be offered now, enough"
                            + " for the " + Format.size(w.roomWanted()) + " wanted; the wait ends at the next check."
                    : type + " requests wait for room" + (holders.isEmpty() ? "" : " held by " + holders) + ": "
                            + Format.size(w.roomNow()) + " could be offered, " + Format.size(w.roomWanted())
                            + " wanted.");
        }
        lines.add(share(p));
        return lines;
    }

    /** Where the project stands against its share, as a sentence. */
    private static String share(ProjectDiskView p) {
        if (p.offender()) {
            double deletable = p.files().stream().filter(f -> f.present() && f.hold() == FileHold.NONE)
                    .mapToDouble(FileView::nbytes).sum();
            String over = "Over its share by " + Format.size(p.excess());
            if (deletable <= 0) {
                return over + ", all held by its tasks until they are done.";
            } else if (deletable < p.excess()) {
                return over + ": " + Format.size(deletable) + " of its files may go first; tasks hold the rest.";
            }
            return over + ": its expendable files go first when space is needed.";
        } else if (Double.isInfinite(p.limit())) {
            return "No disk limit applies to it.";
        }
        return "Within its share (" + Format.size(p.limit() - p.usage()) + " left).";
    }

    /** What a resource's wait for room waits for, a line each; {@code held}: who holds the room ("" if none). */
    private static List<String> waitLines(RoomWait w, String held) {
        String type = w.type().displayName();
        if (DiskWords.roomCame(w)) {
            return List.of("The room its next " + type + " task needs came after the client last checked its wait.",
                    "The wait ends at the client's next check, at the latest " + Format.stamp(w.until()) + ".");
        }
        String few = "fewer of its " + type + " tasks are left to start than this computer has " + type + "s.";
        return List.of(held.isEmpty() ? "A reply filled the room its " + type + " tasks may use."
                        : "No more of its " + type + " tasks fit: the room is held by " + held + ".",
                "It is asked for " + type + " work again when " + Format.size(w.roomWanted()) + " can be offered: "
                        + (w.forBatch() ? "room for a batch of tasks." : "room for its next task."),
                (w.forBatch() ? "Or sooner, when " : "One task is enough, as ") + few,
                "It waits until " + Format.stamp(w.until()) + " at the latest.");
    }
}
