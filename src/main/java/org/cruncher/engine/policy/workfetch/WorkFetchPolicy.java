package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.rpc.WorkRequest;

/** Decides when to ask which project for how much work. */
public interface WorkFetchPolicy {

    /** A short name for logs and comparisons. */
    String name();

    /** Whether to fetch work now, from whom, and how much. */
    FetchDecision decide(ClientState state, ResourceSet resources, double now);

    /** The work to ask {@code project} for in an RPC made for another reason (reporting results). */
    WorkRequest piggyback(ClientState state, ResourceSet resources, Project project, double now);
}
