package org.cruncher.persist;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSetter;

/**
 * Jackson DTOs for the elements of BOINC's client_state.xml (boinc-engine.md §5.1), including the client
 * emulator's extensions (§4.2). Field names map to BOINC's element names in snake_case. Numbers stay nullable so
 * that "absent" can be told from 0; flags are strings because BOINC writes both {@code <flag/>} and
 * {@code <flag>0</flag>} (see {@link XmlValues#flag}).
 *
 * <p>Repeated elements are collected by an adding setter, not a list field: Jackson would keep only the last run
 * of a list whose elements are interleaved with others (BOINC alternates {@code <rsc_backoff_time>} and
 * {@code <rsc_backoff_interval>}; a workunit's {@code <file_ref>}s may be split by other elements).
 */
final class ClientStateXml {

    private ClientStateXml() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class HostInfo {
        public String domainName;
        public String pVendor;
        public String pModel;
        public Double pNcpus;
        public Double pFpops;
        public Double mNbytes;
        public Double dTotal;
        public Double dFree;
        public String osName;
        public String osVersion;
        public Coprocs coprocs;
        /** Cruncher's emulator extension: bytes the client's own files take (seed 004's core usage). */
        public Double coreDiskUsage;
        /** Cruncher's saved state: what other programs take on the disk, as the emulation worked it out. */
        public Double otherDiskUsage;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Coprocs {
        public final List<Coproc> coprocCuda = new ArrayList<>();

        @JsonSetter("coproc_cuda")
        void addCoprocCuda(Coproc item) {
            coprocCuda.add(item);
        }

        public final List<Coproc> coprocAti = new ArrayList<>();

        @JsonSetter("coproc_ati")
        void addCoprocAti(Coproc item) {
            coprocAti.add(item);
        }

        public final List<Coproc> coprocIntelGpu = new ArrayList<>();

        @JsonSetter("coproc_intel_gpu")
        void addCoprocIntelGpu(Coproc item) {
            coprocIntelGpu.add(item);
        }

        public final List<Coproc> coprocAppleGpu = new ArrayList<>();

        @JsonSetter("coproc_apple_gpu")
        void addCoprocAppleGpu(Coproc item) {
            coprocAppleGpu.add(item);
        }

        public final List<Coproc> coproc = new ArrayList<>();

        @JsonSetter("coproc")
        void addCoproc(Coproc item) {
            coproc.add(item);
        }

    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Coproc {
        public String type;
        public Double count;
        public String name;
        public Double peakFlops;
        /** Cruncher's: the demo's stand-in for a GPU this computer does not have. */
        public String emulated;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class TimeStats {
        public Double onFrac;
        public Double connectedFrac;
        public Double cpuAndNetworkAvailableFrac;
        public Double activeFrac;
        public Double gpuActiveFrac;
        public Double onLambda;
        public Double connectedLambda;
        public Double activeLambda;
        public Double gpuActiveLambda;
        public Double lastUpdate;
        /** When the client last started: a time the state was at least as late as, where last_update is missing. */
        public Double clientStartTime;
        /** Cruncher's saved state: where each on/off process stood (1 on, 0 off) and until when. */
        public Double onNow;
        public Double onUntil;
        public Double activeNow;
        public Double activeUntil;
        public Double gpuActiveNow;
        public Double gpuActiveUntil;
        public Double connectedNow;
        public Double connectedUntil;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Project {
        public String masterUrl;
        public String projectName;
        public String hostVenue;
        public Double resourceShare;
        public String suspendedViaGui;
        public String dontRequestMoreWork;
        public String detachWhenDone;
        public String nonCpuIntensive;
        public String ended;
        public Double durationCorrectionFactor;
        public String dontUseDcf;
        public Double minRpcTime;
        public Double nrpcFailures;
        public final List<NameValue> rscBackoffTime = new ArrayList<>();

        @JsonSetter("rsc_backoff_time")
        void addRscBackoffTime(NameValue item) {
            rscBackoffTime.add(item);
        }

        public final List<NameValue> rscBackoffInterval = new ArrayList<>();

        @JsonSetter("rsc_backoff_interval")
        void addRscBackoffInterval(NameValue item) {
            rscBackoffInterval.add(item);
        }

        public Double cpuBackoffTime;
        public Double cpuBackoffInterval;
        public final List<String> schedulerUrl = new ArrayList<>();

        @JsonSetter("scheduler_url")
        void addSchedulerUrl(String item) {
            schedulerUrl.add(item);
        }

        public Available available;
        public final List<String> serverSchedulerUrl = new ArrayList<>();

        @JsonSetter("server_scheduler_url")
        void addServerSchedulerUrl(String item) {
            serverSchedulerUrl.add(item);
        }

        public Transfers transfers;
        /** Seed 004's deletion policy flags (the project's config.xml; sent in scheduler replies). */
        public String deletionPolicyPriority;
        public String deletionPolicyExpire;
        /** Seed 004: the project's server may use the third free-space figure. */
        public String deleteFromSelf;
        /** Cruncher's saved state: app_config.xml's project_max_concurrent. */
        public Double projectMaxConcurrent;
        /** Seed 001's debt (BOINC 6.x's name). */
        public Double shortTermDebt;
        /** BOINC 6.x's per-resource long-term debts: CPU, NVIDIA ({@code cuda_debt}), AMD ({@code ati_debt}). */
        public Double longTermDebt;
        public Double cudaDebt;
        public Double atiDebt;
        /** Cruncher's saved state: the rest of the debt and contact records. */
        public Double anticipatedDebt;
        public Double totalWork;
        public String rpcDeferral;
        public Double masterFetchFailures;
        public String masterFetchPending;
        /** BOINC's own flag: the master file is to be read (again) before the next scheduler request. */
        public String masterUrlFetchPending;
        public Double lastRpcTime;
        public Double unreachableSince;
        public Double typicalOutage;
        public Double expAvgCpu;
        public Double expAvgTime;
        /** Cruncher's saved state: what the project's server last said of the disk space (seed 004). */
        public DiskShortfall diskShortfall;
        /** Seed 004's figures as a BOINC client saved them (Cruncher works them out again). */
        public Double diskUsage;
        public Double diskShare;
        public final List<RscWorkFetch> rscWorkFetch = new ArrayList<>();

        @JsonSetter("rsc_work_fetch")
        void addRscWorkFetch(RscWorkFetch item) {
            rscWorkFetch.add(item);
        }
    }

    /** Cruncher's saved record of a project's server finding too little disk space for its work (seed 004). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class DiskShortfall {
        public String appName;
        public Double neededBytes;
        public Double availableBytes;
        public Double offeredIfTrimmed;
        public Double time;
    }

    /** Cruncher's saved per-resource work-fetch state of a project (seed 003). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class RscWorkFetch {
        public String name;
        public Double longTermDebt;
        public String accumulatesDebt;
        public Double lastLatency;
        public Double lastRuntime;
        public Double workThisPeriod;
        public String backedOffForDisk;
        public String roomWaitApp;
        public Double roomWaitBytes;
    }

    /** The preferences the engine acts on, as Cruncher saves them inside its own state file. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class SavedPrefs {
        public Double cpuSchedulingPeriodMinutes;
        public Double workBufMinDays;
        public Double workBufAdditionalDays;
        public Double maxNcpusPct;
        public Double cpuUsageLimit;
        public Double diskMaxUsedGb;
        public Double diskMaxUsedPct;
        public Double diskMinFreeGb;
    }

    /** The cc_config options the engine acts on, as Cruncher saves them inside its own state file. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class SavedConfig {
        public SavedOptions options;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class SavedOptions {
        public Double ncpus;
        public String noGpus;
        public String reportResultsImmediately;
    }

    /** Cruncher's saved state: each project's debt over time ("time debt" pairs), and its share changes. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class DebtHistoryXml {
        public final List<ProjectDebts> projectDebts = new ArrayList<>();
        public final List<ShareChangeXml> shareChanges = new ArrayList<>();

        @JsonSetter("project_debts")
        void addProjectDebts(ProjectDebts item) {
            projectDebts.add(item);
        }

        public final List<WorkAtShareChangeXml> workAtShareChange = new ArrayList<>();

        @JsonSetter("share_change")
        void addShareChange(ShareChangeXml item) {
            shareChanges.add(item);
        }

        @JsonSetter("work_at_share_change")
        void addWorkAtShareChange(WorkAtShareChangeXml item) {
            workAtShareChange.add(item);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class WorkAtShareChangeXml {
        public String masterUrl;
        public Double work;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ShareChangeXml {
        public String masterUrl;
        public Double time;
        public Double before;
        public Double after;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ProjectDebts {
        public String masterUrl;
        public String points;
    }

    /**
     * Cruncher's saved state: what ran when (the Timeline's), per project and resource ("time instances" pairs), and
     * what the host allowed ("time availability" pairs).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class RunHistoryXml {
        public String since;
        public String until;
        public String hostChanges;
        public final List<ProjectRuns> projectRuns = new ArrayList<>();

        @JsonSetter("project_runs")
        void addProjectRuns(ProjectRuns item) {
            projectRuns.add(item);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ProjectRuns {
        public String masterUrl;
        public String resource;
        public String changes;
    }

    /**
     * Cruncher's saved state: the sums behind the figures of merit so far (see {@code MeritTotals}). Read as text,
     * so that a value that is not a number sets the figures aside instead of refusing the file.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class FiguresSoFar {
        public String computingTime;
        public String available;
        public String usableAvailable;
        public String used;
        public String wasted;
        public String rpcs;
        public String rpcsFailed;
        public String jobs;
        public String usedAtShareChange;
        public final List<ProjectFigures> projectFigures = new ArrayList<>();

        @JsonSetter("project_figures")
        void addProjectFigures(ProjectFigures item) {
            projectFigures.add(item);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ProjectFigures {
        public String masterUrl;
        public String used;
        public String cpuSeconds;
        public String gpuSeconds;
        public String idleTime;
        public String idleSumSquares;
        public String met;
        public String missed;
        public String wasted;
        public String rpcs;
        public String rpcFailures;
        public String longestDeferral;
        public String dueBeforeShareChange;
        public String dueByTargetBeforeShareChange;
    }

    /** Cruncher's own header of a saved state. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class CruncherState {
        public Double formatVersion;
        public String scenarioName;
        public Long seed;
        public String openedFrom;
    }

    /**
     * A file the client keeps: BOINC's {@code <file>} (older clients: {@code <file_info>}). Files belong to the
     * project they follow in the document; Cruncher's extension {@code <project_url>} names it instead.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class FileXml {
        public String name;
        public Double nbytes;
        public Double maxNbytes;
        /** 1: on the disk; 0: not yet (downloading, or an output not written yet); negative: an error. */
        public Double status;
        public String sticky;
        public String projectUrl;
        /** Seed 004: P_LOW 1 .. P_HIGH 5. */
        public Double priority;
        /** Seed 004: days to keep the file. */
        public Double expDays;
        /** Cruncher's saved state: when it arrived and was last used (LRU), seconds since the epoch. */
        public Double arrivalTime;
        public Double lastUsed;
    }

    /** A reference to a file from an app version, a workunit (its inputs) or a result (its outputs). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class FileRef {
        public String fileName;
    }

    /** Cruncher's emulator extension: how a project's files move. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Transfers {
        public Double downloadRate;
        public Double uploadRate;
        public Double failureRate;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class NameValue {
        public String name;
        public Double value;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Available {
        public Double frac;
        public Double lambda;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class App {
        public String name;
        public String userFriendlyName;
        public String nonCpuIntensive;
        /** BOINC saves app_config.xml's limit with the app. */
        public Double maxConcurrent;
        public Double fpopsEst;
        public Fpops fpops;
        public Double latencyBound;
        public Double weight;
        public Double inputFileBytes;
        public Double outputFileBytes;
        public Double stickyFileBytes;
        public Double priority;
        public Double expDays;
        public Double errorRate;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Fpops {
        public Double mean;
        public Double stdDev;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class AppVersion {
        public String appName;
        public Double versionNum;
        public String platform;
        public String planClass;
        public Double avgNcpus;
        public Double flops;
        public final List<CoprocUsage> coproc = new ArrayList<>();

        @JsonSetter("coproc")
        void addCoproc(CoprocUsage item) {
            coproc.add(item);
        }

        public final List<FileRef> fileRef = new ArrayList<>();

        @JsonSetter("file_ref")
        void addFileRef(FileRef item) {
            fileRef.add(item);
        }

    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class CoprocUsage {
        public String type;
        public Double count;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Workunit {
        public String name;
        public String appName;
        public Double versionNum;
        public Double rscFpopsEst;
        public Double rscFpopsBound;
        public Double rscDiskBound;
        /** Seed 004: priority and days to keep for the workunit's input files. */
        public Double priority;
        public Double expDays;
        public final List<FileRef> fileRef = new ArrayList<>();

        @JsonSetter("file_ref")
        void addFileRef(FileRef item) {
            fileRef.add(item);
        }

    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Result {
        public String name;
        public String wuName;
        public Double receivedTime;
        public Double reportDeadline;
        public Double state;
        public String readyToReport;
        public String gotServerAck;
        public Double completedTime;
        public String suspendedViaGui;
        public Double exitStatus;
        public Double versionNum;
        public String planClass;
        public Double finalCpuTime;
        public Double finalElapsedTime;
        /** Cruncher's saved state: the FLOPs it did, and the bytes it has to upload. */
        public Double finalWork;
        public Double outputBytes;
        public final List<FileRef> fileRef = new ArrayList<>();

        @JsonSetter("file_ref")
        void addFileRef(FileRef item) {
            fileRef.add(item);
        }

    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ActiveTaskSet {
        public final List<ActiveTask> activeTask = new ArrayList<>();

        @JsonSetter("active_task")
        void addActiveTask(ActiveTask item) {
            activeTask.add(item);
        }

    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ActiveTask {
        public String projectMasterUrl;
        public String resultName;
        public Double activeTaskState;
        public Double schedulerState;
        public Double checkpointCpuTime;
        public Double checkpointElapsedTime;
        public Double checkpointFractionDone;
        public Double currentCpuTime;
        public Double elapsedTime;
        public Double fractionDone;
        /** Cruncher's saved state: the FLOPs done so far. */
        public Double workDone;
        /** Cruncher's saved state: the elapsed seconds the debts have counted (less than elapsed between polls). */
        public Double accountedElapsedTime;
        /** Cruncher's saved state: present if the task was running when computing was suspended for disk space. */
        public String heldForDisk;
    }
}
