package org.cruncher.engine.api;

import java.util.Map;

import org.cruncher.engine.model.ResourceType;

/**
 * One scheduler RPC session, for the list of recent RPCs.
 *
 * @param time         when it ended
 * @param project      the project's name
 * @param reason       why it was made (USER_REQUEST, RESULTS_DUE, NEED_WORK)
 * @param requested    the work asked for, per resource
 * @param reported     results reported in it
 * @param jobs         jobs that came back, per resource
 * @param acked        reported results the server acknowledged
 * @param requestDelay the project's request_delay, seconds (0: none)
 * @param failure      why it failed, or null if a reply came
 * @param attempts     scheduler URLs tried
 * @param refusedForDisk the server had work but found too little disk space offered for it
 */
public record RpcView(double time, String project, String reason, Map<ResourceType, RequestView> requested,
                      int reported, Map<ResourceType, Integer> jobs, int acked, double requestDelay, String failure,
                      int attempts, boolean refusedForDisk) {

    public RpcView {
        requested = Map.copyOf(requested);
        jobs = Map.copyOf(jobs);
    }

    public boolean failed() {
        return failure != null;
    }
}
