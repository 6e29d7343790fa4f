package org.cruncher.engine.model;

import java.util.Objects;

/**
 * A file the client keeps for a project (seed 004's FILE_INFO): its size, its priority and expiry date for the
 * deletion policies, when it was last used (for LRU), and whether it stays when nothing refers to it (sticky). Files
 * are named per project, as BOINC names them; a job's files are referred to by name from its {@link Result}.
 */
public final class FileInfo {

    /** Seed 004's priority levels (client_types.h). */
    public static final int P_LOW = 1;
    public static final int P_MEDIUM = 3;
    public static final int P_HIGH = 5;
    /** A file expires this long after it arrives unless its project says otherwise. */
    public static final double DEFAULT_EXPIRY_DAYS = 60;

    private final String projectUrl;
    private final String name;
    private final FileRole role;
    private final String appName;
    private final long nbytes;
    private final int priority;
    private final double arrival;
    private final double expiry;
    private final boolean sticky;
    private double lastUsed;
    private boolean present;

    /**
     * @param projectUrl its project
     * @param name       its name, unique within the project
     * @param role       what it is to the project
     * @param appName    for an {@link FileRole#APP} file the app it belongs to, otherwise ""
     * @param nbytes     its size, bytes (fractions are rounded up)
     * @param priority   P_LOW (1) to P_HIGH (5); values out of range are clamped
     * @param arrival    when it arrived (or its space was reserved), seconds since the epoch
     * @param expiry     when it expires, seconds since the epoch
     * @param sticky     it stays when no job needs it any more (otherwise it is deleted then)
     * @param present    it is on the disk (false while it downloads or, for an output, until the job ends)
     */
    public FileInfo(String projectUrl, String name, FileRole role, String appName, double nbytes, int priority,
                    double arrival, double expiry, boolean sticky, boolean present) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a file needs a name");
        }
        if (!(nbytes >= 0) || Double.isInfinite(nbytes)) {
            throw new IllegalArgumentException("file " + name + ": size must be a finite number >= 0, not " + nbytes);
        }
        this.projectUrl = Objects.requireNonNull(projectUrl);
        this.name = name;
        this.role = Objects.requireNonNull(role);
        this.appName = appName == null ? "" : appName;
        this.nbytes = (long) Math.ceil(nbytes);
        this.priority = Math.max(P_LOW, Math.min(P_HIGH, priority));
        this.arrival = arrival;
        this.expiry = expiry;
        this.sticky = sticky;
        this.lastUsed = arrival;
        this.present = present;
    }

    /**
     * Whether {@code name} is safe as a file name from a server: not blank, at most 255 characters, no path
     * separator, no "..", no control character. Anything else could reach outside the project's folder.
     */
    public static boolean isSafeName(String name) {
        if (name == null || name.isBlank() || name.length() > 255 || name.contains("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '/' || c == '\\' || c < 0x20 || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** The expiry date for a file arriving at {@code arrival} that is to be kept {@code expDays} (NaN: the default). */
    public static double expiry(double arrival, double expDays) {
        double days = Double.isNaN(expDays) || expDays < 0 ? DEFAULT_EXPIRY_DAYS : expDays;
        return arrival + days * 86400;
    }

    public String projectUrl() {
        return projectUrl;
    }

    public String name() {
        return name;
    }

    public FileRole role() {
        return role;
    }

    public String appName() {
        return appName;
    }

    public long nbytes() {
        return nbytes;
    }

    public int priority() {
        return priority;
    }

    public double arrival() {
        return arrival;
    }

    public double expiry() {
        return expiry;
    }

    public boolean isExpired(double now) {
        return now >= expiry;
    }

    public boolean sticky() {
        return sticky;
    }

    public double lastUsed() {
        return lastUsed;
    }

    /** A job used the file at {@code time} (it started or resumed, or the file was written or downloaded). */
    public void touch(double time) {
        lastUsed = Math.max(lastUsed, time);
    }

    public boolean present() {
        return present;
    }

    public void setPresent(boolean present) {
        this.present = present;
    }

    public FileInfo copy() {
        FileInfo c = new FileInfo(projectUrl, name, role, appName, nbytes, priority, arrival, expiry, sticky, present);
        c.lastUsed = lastUsed;
        return c;
    }

    @Override
    public String toString() {
        return name;
    }
}
