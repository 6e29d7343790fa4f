package org.cruncher.gui.workfetch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.RpcDeferral;

/** Whether a project counts among those the resource's shares are taken among, as the Work fetch pane shows it. */
class SharingTest {

    private static final ShareTarget AS_SHARE = ShareTarget.of(0.5, List.of(ResourceType.CPU), 1,
            ShareTarget.Reach.SHARE);

    private static FetchView fetch(FetchBlock block, double backoffUntil) {
        return new FetchView(ResourceType.CPU, block, 0, 0, 0, 0, 1, 0, 0, true, backoffUntil, 0);
    }

    private static ProjectView project(ContactView contact, boolean suspended) {
        return new ProjectView("http://a/", "A", 100, 0.5, suspended, false, 0, 0, 0, ProjectStatus.RUNNING, null, 1,
                0, 0, contact, List.of(), 0, AS_SHARE);
    }

    @Test
    void aDeferredProjectHasNoShareEvenWhereTheDecisionNamesEnoughWorkFirst() {
        // At 1000 the contact is deferred to 1750; the decision's first block is "the resource has enough work",
        // which it names before any backoff.
        ProjectView deferred = project(new ContactView(1750, RpcDeferral.RPC_FAILURES, 3, false, 1, 0), false);
        assertFalse(WorkFetchPaneViewModel.sharing(deferred, fetch(FetchBlock.RESOURCE_HAS_ENOUGH_WORK, 0), 1000));
        // Once the deferral is over, it counts again.
        assertTrue(WorkFetchPaneViewModel.sharing(deferred, fetch(FetchBlock.RESOURCE_HAS_ENOUGH_WORK, 0), 2000));
    }

    @Test
    void aResourceBackoffASuspensionOrNoApplicationAlsoLeaveItOut() {
        ProjectView clear = project(ContactView.CLEAR, false);
        assertFalse(WorkFetchPaneViewModel.sharing(clear, fetch(FetchBlock.RESOURCE_HAS_ENOUGH_WORK, 1500), 1000));
        assertFalse(WorkFetchPaneViewModel.sharing(project(ContactView.CLEAR, true), fetch(null, 0), 1000));
        assertFalse(WorkFetchPaneViewModel.sharing(clear, fetch(FetchBlock.NO_APPS_FOR_RESOURCE, 0), 1000));
        assertTrue(WorkFetchPaneViewModel.sharing(clear, fetch(FetchBlock.PROJECT_HAS_ENOUGH_WORK, 0), 1000));
    }
}
