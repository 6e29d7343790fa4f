package org.cruncher.persist;

import org.cruncher.engine.model.ResourceType;

/**
 * One {@code <exclude_gpu>} of cc_config.xml: a project (or one of its apps) may not use some GPUs.
 *
 * @param url       the project's master URL
 * @param deviceNum the excluded device, or -1 for every device of the type
 * @param type      the excluded GPU type, or null for every GPU type
 * @param app       the app the exclusion is limited to, or "" for every app of the project
 */
public record GpuExclusion(String url, int deviceNum, ResourceType type, String app) {

    public GpuExclusion {
        app = app == null ? "" : app;
    }

    /** True if it excludes every device of its type(s), not one device. */
    public boolean wholeType() {
        return deviceNum < 0;
    }

    /** Whether it concerns GPUs of {@code gpu}. */
    public boolean covers(ResourceType gpu) {
        return gpu.isCoprocessor() && (type == null || type == gpu);
    }

    /** "app X of URL may not use NVIDIA GPU device 1". */
    public String describe() {
        String who = app.isEmpty() ? url : "app " + app + " of " + url;
        String what = (type == null ? "any GPU" : type.displayName()) + (wholeType() ? "" : " device " + deviceNum);
        return who + " may not use " + what;
    }
}
