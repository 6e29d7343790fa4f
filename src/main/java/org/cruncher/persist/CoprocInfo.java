package org.cruncher.persist;

import java.util.List;
import java.util.Optional;

import org.cruncher.engine.model.ResourceType;

/**
 * The GPUs BOINC's detection found (coproc_info.xml), by type, and the detection's own warnings ("NVIDIA library
 * reports 8 GPUs", "ATI: dlopen failed ...").
 *
 * @param types    one entry per GPU type with at least one device, in service order
 * @param warnings the file's {@code <warning>} lines, in order
 */
public record CoprocInfo(List<GpuTypeInfo> types, List<String> warnings) {

    public CoprocInfo {
        types = List.copyOf(types);
        warnings = List.copyOf(warnings);
    }

    public Optional<GpuTypeInfo> type(ResourceType type) {
        return types.stream().filter(t -> t.type() == type).findFirst();
    }
}
