package org.cruncher.gui.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * Whether a project counts among those the resource's shares are taken among, and the shortfall it would be asked to
 * fill, as the Work fetch pane shows them.
 */
class SharingTest {

    private static final ShareTarget AS_SHARE = ShareTarget.of(0.5, List.of(ResourceType.CPU), 1,
            ShareTarget.Reach.SHARE);

    private static FetchView fetch(FetchBlock block, double backoffUntil) {
        return new FetchView(ResourceType.CPU, block, 0, 0, 0, 0, 1, 0, 0, true, backoffUntil, 0, false);
    }

    private static ProjectView project(ContactView contact, boolean suspended) {
        return new ProjectView("http://a/", "A", 100, 0.5, suspended, false, 0, 0, 0, ProjectStatus.RUNNING, null, 1,
                0, 0, contact, List.of(), 0, AS_SHARE, false);
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

    @Test
    void aProjectWhoseAppsCannotRunHereDoesNotSupplyJobsWhateverItsFlagSays() {
        // raffael's Milkyway: its saved flag says it sent CPU jobs, but its 16-CPU app cannot run on the 2 CPUs
        // BOINC may use; "Yes" stood beside "its CPU apps need more CPUs than BOINC may use here".
        assertEquals("Yes", WorkFetchPaneViewModel.suppliesJobs(fetch(FetchBlock.PROJECT_HAS_ENOUGH_WORK, 0)));
        assertEquals("No", WorkFetchPaneViewModel.suppliesJobs(fetch(FetchBlock.APPS_TOO_LARGE_FOR_HOST, 0)));
        assertEquals("No", WorkFetchPaneViewModel.suppliesJobs(fetch(FetchBlock.NO_APPS_FOR_RESOURCE, 0)));
        assertEquals("No", WorkFetchPaneViewModel.suppliesJobs(new FetchView(ResourceType.CPU, null, 0, 0, 0, 0, 1,
                0, 0, false, 0, 0, false)));
    }

    @Test
    void theShortfallShownIsWhatARequestWouldFillUnderTheHighWater() {
        // 2 CPUs' share, a high water of 2 x 36 h = 72 h. Queued 72 h: the forecast's 18 h short (another project's
        // queue holds half a CPU for 36 h) cannot be asked for: none. Queued 60 h: at most 72 - 60 = 12 h of it.
        // Queued 24 h with 10 h short: the 10 h.
        double h = 3600;
        assertEquals(0, WorkFetchPaneViewModel.requestable(withQueue(72 * h, 72 * h, 18 * h)), 1e-9);
        assertEquals(12 * h, WorkFetchPaneViewModel.requestable(withQueue(60 * h, 72 * h, 18 * h)), 1e-9);
        assertEquals(10 * h, WorkFetchPaneViewModel.requestable(withQueue(24 * h, 72 * h, 10 * h)), 1e-9);
        // seed002 keeps no per-project high water (NaN): the forecast's shortfall, not "NaN".
        assertEquals(18 * h, WorkFetchPaneViewModel.requestable(withQueue(72 * h, Double.NaN, 18 * h)), 1e-9);
    }

    @Test
    void aProjectsShortfallIsShownPerInstanceOfItsShareAsTheResourcesIs() {
        // A share of 2 CPUs with 12 h to fill: 6 h on each of its 2 CPUs, "6 h 00 min × 2", as the resource's row
        // reads; nothing to fill: "none". A share of 10.4 CPUs with 104 h: 10 h each. Half a CPU with 3 h of CPU
        // time: 6 h of its half; one CPU, or none (a backup project), the time alone.
        double h = 3600;
        assertEquals("6 h 00 min \u00d7 2",
                WorkFetchPaneViewModel.projectShortfall(withQueue(60 * h, 72 * h, 18 * h)));
        assertEquals("none", WorkFetchPaneViewModel.projectShortfall(withQueue(24 * h, 72 * h, 0)));
        // The forecast's 18 h short, but 72 h queued hold the project's part of the high water: nothing is asked,
        // and the cell says why beside the resource's shortfall (corpus QA: a lone project showed "none" there).
        assertEquals("none: its queue is full",
                WorkFetchPaneViewModel.projectShortfall(withQueue(72 * h, 72 * h, 18 * h)));
        assertEquals("10 h 00 min \u00d7 10.4", WorkFetchPaneViewModel.timesInstances(104 * h, 10.4));
        assertEquals("6 h 00 min \u00d7 0.5", WorkFetchPaneViewModel.timesInstances(3 * h, 0.5));
        assertEquals("3 h 00 min", WorkFetchPaneViewModel.timesInstances(3 * h, 1));
        assertEquals("3 h 00 min", WorkFetchPaneViewModel.timesInstances(3 * h, 0));
    }

    private static FetchView withQueue(double queued, double highWater, double shortfall) {
        return new FetchView(ResourceType.CPU, null, 0, queued, 0, highWater, 2, shortfall, 0, true, 0, 0, false);
    }
}
