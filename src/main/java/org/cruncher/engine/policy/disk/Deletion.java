package org.cruncher.engine.policy.disk;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.model.FileInfo;

/** A file the disk policy deletes, and why. */
public record Deletion(FileInfo file, DeletionReason reason) {
}
