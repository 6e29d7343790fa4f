package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.policy.disk.DiskAccount;

/**
 * A BOINC client's own {@code <disk_usage>} and {@code <disk_share>} of each project, as it saved them. Cruncher
 * works both out again from the files the state lists and the disk preferences (seed 004), as BOINC does at each
 * disk check; where the two differ as shown, one note says so, so that a volunteer comparing the Disk pane with
 * BOINC's own manager knows why. BOINC measured the project's directory; Cruncher counts the files the state lists,
 * with outputs at their largest, and the share follows the free space of the moment.
 */
final class BoincDiskFigures {

    /** At most this many projects are named; the rest are counted. */
    static final int NAMED = 3;

    /** Figures closer than this part of the larger are taken as the same. */
    static final double APART = 0.05;

    private final Map<Project, double[]> saved = new LinkedHashMap<>();

    /** Keeps {@code p}'s saved figures, bytes; either may be null (not in the file), or both. */
    void put(Project p, Double diskUsage, Double diskShare) {
        // Both 0: BOINC had not worked them out yet (a client's first start), not a figure to compare.
        boolean unset = orNaN(diskUsage) == 0 && orNaN(diskShare) == 0;
        if ((diskUsage != null || diskShare != null) && !unset) {
            saved.put(p, new double[] {orNaN(diskUsage), orNaN(diskShare)});
        }
    }

    /** The note, when some project's saved figure reads otherwise than Cruncher's. */
    Optional<String> note(Path file, ClientState state) {
        DiskAccount account = DiskAccount.of(state);
        List<String> differ = new ArrayList<>();
        for (Map.Entry<Project, double[]> e : saved.entrySet()) {
            Project p = e.getKey();
            double usage = account.usage(p);
            double share = account.limit(p);
            double savedUsage = Double.isNaN(e.getValue()[0]) ? usage : e.getValue()[0];
            double savedShare = Double.isNaN(e.getValue()[1]) ? share : e.getValue()[1];
            if (apart(usage, savedUsage) || apart(share, savedShare)) {
                differ.add(p.name() + " " + Units.size(usage) + " of a " + Units.size(share) + " share (BOINC: "
                        + Units.size(savedUsage) + " of " + Units.size(savedShare) + ")");
            }
        }
        if (differ.isEmpty()) {
            return Optional.empty();
        }
        String named = String.join("; ", differ.subList(0, Math.min(NAMED, differ.size())))
                + (differ.size() > NAMED ? "; and " + (differ.size() - NAMED) + " more" : "");
        String name = file == null || file.getFileName() == null ? "the file" : file.getFileName().toString();
        return Optional.of("<disk_usage> and <disk_share> in " + name + " are BOINC's figures from when it saved "
                + "the file: Cruncher works them out again from the files the state lists (outputs at their largest), "
                + "the disk preferences and the disk's free space now, at each disk check as BOINC does; a share is "
                + "the project's part of the resource shares (seed 004), where today's BOINC adds a tenth of the "
                + "largest share to each, so that a backup project gets some room. Cruncher's figures: " + named);
    }

    /** More than {@link #APART} of the larger apart: a difference the volunteer would notice, not a rounding. */
    private static boolean apart(double a, double b) {
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return a != b;
        }
        return Math.abs(a - b) > APART * Math.max(Math.abs(a), Math.abs(b));
    }

    private static double orNaN(Double v) {
        return v == null || !Double.isFinite(v) || v < 0 ? Double.NaN : v;
    }
}
