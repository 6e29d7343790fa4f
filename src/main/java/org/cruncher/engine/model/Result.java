package org.cruncher.engine.model;

import java.util.List;
import java.util.Objects;

/**
 * One job instance the client holds: what to compute, by when, and where it is in its life cycle.
 */
public final class Result {

    /** BOINC's ERR_GIVEUP_DOWNLOAD / ERR_GIVEUP_UPLOAD family: the exit status of a failed transfer. */
    public static final int ERR_FILE_TRANSFER = -187;
    /**
     * BOINC's EXIT_DISK_LIMIT_EXCEEDED: the exit status of a result given up, or refused, for lack of disk space
     * (seed 004).
     */
    public static final int EXIT_DISK_SPACE = 196;

    private final String name;
    private final Project project;
    private final Workunit workunit;
    private final AppVersion appVersion;
    private final double receivedTime;
    private final double reportDeadline;

    private ResultState state;
    private boolean readyToReport;
    private double completedTime = Double.NaN;
    private boolean suspendedByUser;
    private boolean deadlineMode;
    private int exitStatus;
    private double finalWork;
    private double finalCpuTime;
    private double finalElapsedTime;
    private double outputBytes;
    private List<String> inputFiles = List.of();
    private List<String> outputFiles = List.of();
    /** Its task while it has one (kept by {@link ClientState}, which owns both). */
    private ActiveTask task;

    public Result(String name, Project project, Workunit workunit, AppVersion appVersion, double receivedTime,
                  double reportDeadline, ResultState state) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a result needs a name");
        }
        this.name = name;
        this.project = Objects.requireNonNull(project, "project");
        this.workunit = Objects.requireNonNull(workunit, "workunit");
        this.appVersion = Objects.requireNonNull(appVersion, "appVersion");
        this.receivedTime = receivedTime;
        this.reportDeadline = reportDeadline;
        this.state = Objects.requireNonNull(state, "state");
    }

    public String name() {
        return name;
    }

    public Project project() {
        return project;
    }

    public Workunit workunit() {
        return workunit;
    }

    public AppVersion appVersion() {
        return appVersion;
    }

    public ResourceType resource() {
        return appVersion.primaryResource();
    }

    public double receivedTime() {
        return receivedTime;
    }

    public double reportDeadline() {
        return reportDeadline;
    }

    public ResultState state() {
        return state;
    }

    public void setState(ResultState state) {
        this.state = Objects.requireNonNull(state);
        project.jobsChanged();
    }

    public boolean readyToReport() {
        return readyToReport;
    }

    public boolean suspendedByUser() {
        return suspendedByUser;
    }

    public void setSuspendedByUser(boolean suspended) {
        this.suspendedByUser = suspended;
        project.jobsChanged();
    }

    /**
     * True while the round-robin simulation predicts that this result (one of its project's earliest deadlines)
     * would miss its deadline: it then goes first in line, whatever the debts (deadline rescue,
     * src/docs/decisions/0011).
     */
    public boolean deadlineMode() {
        return deadlineMode;
    }

    public void setDeadlineMode(boolean deadlineMode) {
        this.deadlineMode = deadlineMode;
        project.jobsChanged();
    }

    public double completedTime() {
        return completedTime;
    }

    public int exitStatus() {
        return exitStatus;
    }

    /** Work (peak FLOPs, as the scheduler counts it) the job used in all; set when it ends. */
    public double finalWork() {
        return finalWork;
    }

    public double finalCpuTime() {
        return finalCpuTime;
    }

    public double finalElapsedTime() {
        return finalElapsedTime;
    }

    /** The job ended (successfully or not) at {@code time}: it now waits to be reported. */
    public void finish(ResultState endState, int exitStatus, double time, double work, double cpuTime,
                       double elapsed) {
        this.state = endState;
        this.exitStatus = exitStatus;
        this.readyToReport = true;
        this.completedTime = time;
        this.finalWork = work;
        this.finalCpuTime = cpuTime;
        this.finalElapsedTime = elapsed;
        project.jobsChanged();
    }

    /** Bytes of output to upload once it has run (0: nothing to upload). */
    public double outputBytes() {
        return outputBytes;
    }

    public void setOutputBytes(double bytes) {
        this.outputBytes = Math.max(0, bytes);
    }

    /** Names of its input files (its project's {@link FileInfo}s): they stay on the disk while it is here. */
    public List<String> inputFiles() {
        return inputFiles;
    }

    /** Names of its output files, reserved when it arrived and written when it ends. */
    public List<String> outputFiles() {
        return outputFiles;
    }

    public void setFiles(List<String> inputs, List<String> outputs) {
        this.inputFiles = List.copyOf(inputs);
        this.outputFiles = List.copyOf(outputs);
    }

    /**
     * The job ran to its end at {@code time} and its output is being uploaded: it is reported once the upload is
     * done ({@link #uploaded}).
     */
    public void finishComputing(int exitStatus, double time, double work, double cpuTime, double elapsed) {
        finish(ResultState.FILES_UPLOADING, exitStatus, time, work, cpuTime, elapsed);
        this.readyToReport = false;
        project.jobsChanged();
    }

    /** Its output is uploaded: it waits to be reported. */
    public void uploaded() {
        this.state = ResultState.FILES_UPLOADED;
        this.readyToReport = true;
        project.jobsChanged();
    }

    /** A transfer of its files failed at {@code time}: it is reported as an error (BOINC: download/upload failed). */
    public void transferFailed(boolean upload, double time) {
        this.state = upload ? ResultState.UPLOAD_FAILED : ResultState.FILES_DOWNLOADING;
        this.exitStatus = ERR_FILE_TRANSFER;
        this.readyToReport = true;
        if (!upload) {
            this.completedTime = time;
        }
        project.jobsChanged();
    }

    ActiveTask task() {
        return task;
    }

    void setTask(ActiveTask task) {
        this.task = task;
        project.jobsChanged();
    }

    /**
     * The job's estimated run time on this host, seconds: the server's estimate of its work over the app version's
     * speed, times its project's duration correction factor (BOINC's RESULT::estimated_runtime).
     */
    public double estimatedRuntime() {
        return workunit.rscFpopsEst() / appVersion.flops() * project.durationCorrectionFactor();
    }

    /** Not yet computed: new, downloading or downloaded, and not ready to report (a user may suspend it). */
    public boolean stillToCompute() {
        return !readyToReport && state.code() <= ResultState.FILES_DOWNLOADED.code();
    }

    /** Downloaded and not yet finished: the CPU scheduler may run it (other conditions aside). */
    public boolean isComputable() {
        return state == ResultState.FILES_DOWNLOADED && !readyToReport;
    }

    /** A copy of this result belonging to {@code owner} (the copy of its project). */
    public Result copyFor(Project owner) {
        Result c = new Result(name, owner, workunit, appVersion, receivedTime, reportDeadline, state);
        c.readyToReport = readyToReport;
        c.completedTime = completedTime;
        c.suspendedByUser = suspendedByUser;
        c.deadlineMode = deadlineMode;
        c.exitStatus = exitStatus;
        c.finalWork = finalWork;
        c.finalCpuTime = finalCpuTime;
        c.finalElapsedTime = finalElapsedTime;
        c.outputBytes = outputBytes;
        c.inputFiles = inputFiles;
        c.outputFiles = outputFiles;
        return c;
    }

    @Override
    public String toString() {
        return name;
    }
}
