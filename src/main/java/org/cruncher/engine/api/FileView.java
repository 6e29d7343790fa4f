package org.cruncher.engine.api;

import org.cruncher.engine.model.FileRole;

/**
 * One file as the outside sees it.
 *
 * @param name          its name
 * @param role          input, output, app or data
 * @param nbytes        its size
 * @param priority      seed 004's priority, 1 (low) to 5 (high)
 * @param arrival       when it arrived
 * @param expiry        when it expires
 * @param lastUsed      when a job last used it
 * @param sticky        it stays when no job needs it
 * @param present       it is on the disk (false while downloading, or an output not yet written)
 * @param hold          what keeps it (NONE: it may be deleted)
 * @param holder        the name of the task or result that keeps it; empty where none does (NONE, an app version's
 *                      file, a job arriving now)
 * @param deletionRank  its place in the project's deletion order, 1 first; 0 when it is held
 */
public record FileView(String name, FileRole role, long nbytes, int priority, double arrival, double expiry,
                       double lastUsed, boolean sticky, boolean present, FileHold hold, String holder,
                       int deletionRank) {
}
