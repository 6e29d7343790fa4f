package org.cruncher.gui.disk;

/**
 * One file of the selected project, as text ready to show.
 *
 * @param name     its name
 * @param role     what it is ("Input", "Project data"...)
 * @param size     its size
 * @param priority seed 004's priority, 1 (low) to 5 (high)
 * @param expires  when it expires ("expired" once past)
 * @param lastUsed when a job last used it
 * @param order    its place in the deletion order, or what keeps it
 * @param held     whether something keeps it
 */
public record FileRow(String name, String role, String size, String priority, String expires, String lastUsed,
                      String order, boolean held) {
}
