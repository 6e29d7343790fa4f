package org.cruncher.engine.api;

/**
 * A file deleted to make room.
 *
 * @param time        when
 * @param projectName whose
 * @param fileName    which
 * @param nbytes      its size
 * @param reason      why
 * @param detail      the figures behind it, in words ("B used 40 GB of its 25 GB share")
 */
public record DeletionView(double time, String projectName, String fileName, long nbytes, DeletionReason reason,
                           String detail) {
}
