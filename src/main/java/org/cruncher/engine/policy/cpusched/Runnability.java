package org.cruncher.engine.policy.cpusched;

import java.util.Optional;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;

/**
 * Whether a result could run now, and if not, why. "Runnable" here is the seeds' notion: downloaded, not finished,
 * not suspended, its resource usable and the job within what the host could ever give it (a job needing more CPUs
 * than the user allows never starts); whether an instance is free is the scheduler's business.
 */
public final class Runnability {

    private Runnability() {
    }

    /** Empty if {@code result} is runnable on {@code resources}; otherwise the reason it is not. */
    public static Optional<TaskReason> blockedBy(Result result, ResourceSet resources) {
        switch (result.state()) {
            case NEW:
            case FILES_DOWNLOADING:
                return Optional.of(result.readyToReport() ? TaskReason.DOWNLOAD_FAILED
                        : TaskReason.WAITING_FOR_DOWNLOAD);
            case COMPUTE_ERROR:
                return Optional.of(TaskReason.COMPUTATION_ERROR);
            case ABORTED:
                return Optional.of(result.exitStatus() == Result.EXIT_DISK_SPACE ? TaskReason.ABORTED_FOR_DISK
                        : TaskReason.ABORTED);
            case FILES_UPLOADING:
                return Optional.of(TaskReason.UPLOADING);
            case FILES_UPLOADED:
                return Optional.of(TaskReason.READY_TO_REPORT);
            case UPLOAD_FAILED:
                return Optional.of(TaskReason.UPLOAD_FAILED);
            case FILES_DOWNLOADED:
                break;
            default:
                throw new IllegalStateException("unhandled state " + result.state());
        }
        if (result.readyToReport()) {
            return Optional.of(TaskReason.READY_TO_REPORT);
        }
        if (result.project().suspendedByUser()) {
            return Optional.of(TaskReason.PROJECT_SUSPENDED);
        }
        if (result.suspendedByUser()) {
            return Optional.of(TaskReason.SUSPENDED_BY_USER);
        }
        if (!resources.canRun(result.appVersion())) {
            return Optional.of(TaskReason.GPU_MISSING);
        }
        if (!resources.admits(result.appVersion())) {
            return Optional.of(tooLarge(result, resources));
        }
        return Optional.empty();
    }

    /** Whether {@code result} is runnable: {@link #blockedBy} is empty (without making the reason, for hot loops). */
    public static boolean isRunnable(Result result, ResourceSet resources) {
        return result.state() == ResultState.FILES_DOWNLOADED && !result.readyToReport()
                && !result.project().suspendedByUser() && !result.suspendedByUser()
                && resources.admits(result.appVersion());
    }

    /**
     * Why a job {@link ResourceSet#admits} refuses never starts: more GPUs than the host has, more CPUs than the user
     * allows, or more CPUs than the host has.
     */
    private static TaskReason tooLarge(Result result, ResourceSet resources) {
        if (result.appVersion().usesCoprocessor() && !resources.hasGpusFor(result.appVersion())) {
            return TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT;
        }
        return resources.cpusLimitedByUser() ? TaskReason.NEEDS_MORE_CPUS_THAN_USABLE
                : TaskReason.NEEDS_MORE_CPUS_THAN_PRESENT;
    }
}
