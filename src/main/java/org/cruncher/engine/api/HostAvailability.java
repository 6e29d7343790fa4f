package org.cruncher.engine.api;

/**
 * What the host let BOINC do at a moment, for the Timeline's row of the computer: why nothing ran in a stretch where
 * no project's band is shaded. Listed from the most to the least it allows.
 */
public enum HostAvailability {
    /** Computing allowed on every processor. */
    COMPUTING("computing"),
    /** The CPUs compute, the GPUs may not (BOINC's gpu_active_frac: GPU computing suspended). */
    GPUS_SUSPENDED("gpus_suspended"),
    /** Over the disk limit: BOINC suspends computing until files are deleted or the limit grows. */
    DISK_FULL("disk_full"),
    /** On, but computing not allowed (BOINC's active_frac: in use, or outside the hours the preferences allow). */
    NOT_ALLOWED("not_allowed"),
    /** The computer is off (BOINC's on_frac): nothing computes and no project is contacted. */
    OFF("off");

    private final String savedName;

    HostAvailability(String savedName) {
        this.savedName = savedName;
    }

    /** The word a saved state uses for it. */
    public String savedName() {
        return savedName;
    }

    /** The availability a saved state names {@code word}, or null for a word that names none. */
    public static HostAvailability fromSavedName(String word) {
        for (HostAvailability a : values()) {
            if (a.savedName.equals(word)) {
                return a;
            }
        }
        return null;
    }

    /** Whether the GPUs compute then (the CPUs too, unless {@link #GPUS_SUSPENDED}). */
    public boolean gpusCompute() {
        return this == COMPUTING;
    }

    /** Whether the CPUs compute then. */
    public boolean cpusCompute() {
        return this == COMPUTING || this == GPUS_SUSPENDED;
    }
}
