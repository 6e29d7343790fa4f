package org.cruncher.persist;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;

/**
 * Jackson DTOs for the elements of BOINC's client_state.xml (boinc-engine.md §5.1), including the client
 * emulator's extensions (§4.2). Field names map to BOINC's element names in snake_case. Numbers stay nullable so
 * that "absent" can be told from 0; flags are strings because BOINC writes both {@code <flag/>} and
 * {@code <flag>0</flag>} (see {@link XmlValues#flag}).
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
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Coprocs {
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<Coproc> coprocCuda;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<Coproc> coprocAti;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<Coproc> coprocIntelGpu;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<Coproc> coprocAppleGpu;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<Coproc> coproc;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Coproc {
        public String type;
        public Double count;
        public String name;
        public Double peakFlops;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class TimeStats {
        public Double onFrac;
        public Double connectedFrac;
        public Double activeFrac;
        public Double gpuActiveFrac;
        public Double onLambda;
        public Double connectedLambda;
        public Double activeLambda;
        public Double gpuActiveLambda;
        public Double lastUpdate;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Project {
        public String masterUrl;
        public String projectName;
        public Double resourceShare;
        public String suspendedViaGui;
        public String dontRequestMoreWork;
        public Double minRpcTime;
        public Double nrpcFailures;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<NameValue> rscBackoffTime;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<NameValue> rscBackoffInterval;
        public Double cpuBackoffTime;
        public Double cpuBackoffInterval;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<String> schedulerUrl;
        public Available available;
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<String> serverSchedulerUrl;
        public Transfers transfers;
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
        public Double fpopsEst;
        public Fpops fpops;
        public Double latencyBound;
        public Double weight;
        public Double inputBytes;
        public Double outputBytes;
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
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<CoprocUsage> coproc;
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
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class ActiveTaskSet {
        @JacksonXmlElementWrapper(useWrapping = false)
        public List<ActiveTask> activeTask;
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
    }
}
