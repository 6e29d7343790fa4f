package org.cruncher.gui.disk;

/**
 * A file deleted to make room, as text ready to show.
 *
 * @param time    when
 * @param project whose
 * @param file    which, with its size
 * @param why     the reason and the figures behind it
 */
public record DeletionRow(String time, String project, String file, String why) {
}
