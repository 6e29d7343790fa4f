package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * A resource of a project waiting for room on disk after a reply that filled its room (decision 0040).
 *
 * @param type        the resource
 * @param appName     the app of the next task it waits to fetch ("" when not known, as after reading an older file)
 * @param neededBytes what that task needs (0 when not known)
 * @param roomWanted  the room its next contact must have for the wait to end: the next task's and a batch's, or
 *                    the next task's alone while fewer of its tasks are left to start than the resource has instances
 * @param forBatch    whether {@code roomWanted} is a batch's room
 * @param roomNow     the room its next contact would have now, the files its finished tasks free on the ack counted
 * @param until       when the wait ends at the latest
 */
public record RoomWait(ResourceType type, String appName, double neededBytes, double roomWanted, boolean forBatch,
                       double roomNow, double until) {
}
