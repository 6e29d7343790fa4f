package org.cruncher.gui.workfetch;

/**
 * One scheduler RPC in the Work fetch pane's list, as text ready to show.
 *
 * @param time      when it ended ("3 Jan 14:05:09")
 * @param project   the project
 * @param reason    why it was made, in words
 * @param requested what it asked for and reported
 * @param outcome   what came back
 * @param failed    whether it failed
 */
public record RpcRow(String time, String project, String reason, String requested, String outcome,
                     boolean failed) {
}
