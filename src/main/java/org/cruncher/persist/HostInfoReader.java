package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

/**
 * Reads a state file's {@code <host_info>}: the CPUs (a whole, plausible count; no benchmark yet is BOINC's 1
 * GFLOPS), memory and disk, and one coprocessor entry per GPU type that gives a peak speed (the first of each type
 * counts). What it had to change is added to the reader's notes; a host without CPUs is an error.
 */
final class HostInfoReader {

    /**
     * The most bytes of memory or disk believed, 10^18 (about 888 PB): beyond it a figure is a mistake, and sums of
     * such figures (the disk limits) would no longer be numbers.
     */
    static final double MAX_BYTES = 1e18;

    private final Path file;
    private final List<String> notes;
    private final ScenarioNumbers numbers;

    HostInfoReader(Path file, List<String> notes, ScenarioNumbers numbers) {
        this.file = file;
        this.notes = notes;
        this.numbers = numbers;
    }

    /** "client_state.xml line 12": a note's place in the file read. */
    private String where(int line) {
        return SourceLine.of(file, line);
    }

    Host read(ClientStateDocument.At<ClientStateXml.HostInfo> hostInfo) throws InputProblem {
        if (hostInfo == null) {
            throw new InputProblem(file, "has no <host_info>: the host is unknown");
        }
        ClientStateXml.HostInfo h = hostInfo.value();
        int line = hostInfo.line();
        if (h.pNcpus == null) {
            // BOINC's own sample state has none: BOINC counts at least one CPU (set_ncpus), so one is used.
            notes.add("<host_info> gives no <p_ncpus>: 1 CPU is used, the least BOINC counts (" + where(line) + ")");
        } else if (!(h.pNcpus >= 1)) {
            throw new InputProblem(file, numbers.lineOf("p_ncpus", line), "the host has no CPUs (p_ncpus is "
                    + Units.exact(h.pNcpus) + ")");
        }
        double ncpus = h.pNcpus == null ? 1 : h.pNcpus;
        if (ncpus > Host.MAX_PLAUSIBLE_CPUS) {
            throw new InputProblem(file, numbers.lineOf("p_ncpus", line), "p_ncpus " + Units.exact(h.pNcpus)
                    + " is not a plausible CPU count (at most " + Host.MAX_PLAUSIBLE_CPUS + ")");
        }
        // BOINC reads p_ncpus as a whole number, its digits before any point: 2.5 is 2.
        int cpus = (int) Math.floor(ncpus);
        if (ncpus != Math.rint(ncpus)) {
            notes.add("<p_ncpus> " + ScenarioNumbers.format(h.pNcpus) + " is not a whole number: " + cpus
                    + (cpus == 1 ? " CPU is" : " CPUs are") + " used, as BOINC reads it (" + where(line) + ")");
        }
        if (h.pFpops == null) {
            // No benchmark yet: BOINC's 1 GFLOPS, which every run time is estimated from, so it is said.
            notes.add("<host_info> gives no <p_fpops> (no CPU benchmark yet): BOINC's "
                    + Units.number(Host.DEFAULT_CPU_FLOPS / 1e9) + " GFLOPS per CPU is used (" + where(line) + ")");
        }
        // A figure that is no speed at all is noted too.
        double fpops = h.pFpops != null && h.pFpops > 0
                ? numbers.clamp(h.pFpops, Host.DEFAULT_CPU_FLOPS, ScenarioNumbers.MIN_CPU_FLOPS,
                        ScenarioNumbers.MAX_CPU_FLOPS, "p_fpops", line)
                : numbers.orDefault(h.pFpops, Host.DEFAULT_CPU_FLOPS, 1, ScenarioNumbers.MAX_CPU_FLOPS,
                        "p_fpops", line);
        List<Coprocessor> gpus = new ArrayList<>();
        if (h.coprocs != null) {
            addGpus(gpus, h.coprocs.coprocCuda, ResourceType.NVIDIA, line);
            addGpus(gpus, h.coprocs.coprocAti, ResourceType.AMD, line);
            addGpus(gpus, h.coprocs.coprocIntelGpu, ResourceType.INTEL, line);
            addGpus(gpus, h.coprocs.coprocAppleGpu, ResourceType.APPLE, line);
            if (h.coprocs.coproc != null) {
                for (ClientStateXml.Coproc c : h.coprocs.coproc) {
                    ResourceType.fromBoincName(c.type).filter(ResourceType::isCoprocessor)
                            .ifPresent(t -> addGpus(gpus, List.of(c), t, line));
                }
            }
        }
        String model = XmlValues.text(h.pModel);
        double total = numbers.clamp(h.dTotal, 0, 0, MAX_BYTES, "d_total", line);
        double free;
        if (h.dFree != null && !(h.dFree >= 0 && h.dFree <= Double.MAX_VALUE)) {
            // Taken as 0, it made the disk full: every task suspended for disk space.
            notes.add("<d_free> " + ScenarioNumbers.format(h.dFree) + " is not a usable free space: the disk's size "
                    + "and free space are taken as unknown, so only \"Use no more than N GB\" limits the disk ("
                    + where(line) + ")");
            total = 0;
            free = 0;
        } else if (h.dFree == null && total > 0) {
            // Taken as 0, it made the disk full too: a limit of 0 bytes and nothing computed, without a word.
            notes.add("<host_info> gives <d_total> but no <d_free>: the disk's size and free space are taken as "
                    + "unknown, so only \"Use no more than N GB\" limits the disk (" + where(line) + ")");
            total = 0;
            free = 0;
        } else {
            free = numbers.clamp(h.dFree, 0, 0, MAX_BYTES, "d_free", line);
        }
        if (total > 0 && free > total) {
            notes.add("<d_free> " + Units.size(free) + " is more than <d_total> " + Units.size(total)
                    + ": the whole disk is taken as free (" + where(line) + ")");
            free = total;
        }
        return new Host(XmlValues.text(h.domainName), model, cpus, fpops,
                numbers.clamp(h.mNbytes, 0, 0, MAX_BYTES, "m_nbytes", line), total, free, gpus);
    }

    private void addGpus(List<Coprocessor> gpus, List<ClientStateXml.Coproc> list, ResourceType type, int line) {
        if (list == null) {
            return;
        }
        for (ClientStateXml.Coproc c : list) {
            int count = (int) Math.round(numbers.clamp(c.count, c.count == null ? 1 : 0, 0,
                    ScenarioNumbers.MAX_GPUS, "count", line));
            if (count <= 0 || gpus.stream().anyMatch(g -> g.type() == type)) {
                continue;
            }
            if (c.peakFlops == null || !(c.peakFlops > 0) || c.peakFlops.isInfinite()) {
                notes.add(type.displayName() + " (" + where(line) + ") gives no peak_flops: it is not used");
                continue;
            }
            gpus.add(new Coprocessor(type, count, numbers.clamp(c.peakFlops, 0, 0, ScenarioNumbers.MAX_GPU_FLOPS,
                    "peak_flops", line), XmlValues.text(c.name), XmlValues.flag(c.emulated)));
        }
    }
}
