package org.cruncher.engine.rpc;

/**
 * How a read of a project's master file ended.
 *
 * @param projectUrl the project (its master URL)
 * @param page       the page's text, or null on failure
 * @param failure    why it failed (null on success)
 */
public record MasterOutcome(String projectUrl, String page, String failure) {

    public static MasterOutcome read(String projectUrl, String page) {
        return new MasterOutcome(projectUrl, page, null);
    }

    public static MasterOutcome failed(String projectUrl, String why) {
        return new MasterOutcome(projectUrl, null, why);
    }

    public boolean succeeded() {
        return page != null;
    }
}
