package org.cruncher.emulator;

import java.util.List;
import java.util.Map;

/**
 * How an emulation used the disk (seed 004).
 *
 * @param limitBytes              the client's total limit at the end, bytes
 * @param bindingPref             which preference set it (a {@code DiskLimitSource} name)
 * @param peakUsageBytes          the most all projects' files took at once
 * @param maxExcessAfterPollBytes the most usage stood above the total limit once a poll had done what it could
 *                                (0 when every poll brought usage within the limit)
 * @param deletions               files deleted to make room, per {@code DeletionReason} name
 * @param suspendedSeconds        emulated time computing was suspended for disk
 * @param bytesWritten            bytes the emulated file store wrote (downloads and outputs)
 * @param bytesDeleted            bytes it deleted (clean-up and deletions to make room)
 * @param projects                per project, in scenario order
 */
public record DiskFigures(double limitBytes, String bindingPref, long peakUsageBytes, double maxExcessAfterPollBytes,
                          Map<String, Long> deletions, double suspendedSeconds, double bytesWritten,
                          double bytesDeleted, List<ProjectDisk> projects) {

    public DiskFigures {
        deletions = Map.copyOf(deletions);
        projects = List.copyOf(projects);
    }

    /**
     * One project's disk figures.
     *
     * @param name           the project's name
     * @param url            its master URL (names can repeat; URLs cannot)
     * @param limitBytes     its share limit at the end
     * @param peakUsageBytes the most its files took at once
     */
    public record ProjectDisk(String name, String url, double limitBytes, long peakUsageBytes) {
    }
}
