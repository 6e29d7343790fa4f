package org.cruncher.gui;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of JavaFX's render thread (Quantum's "QuantumRenderer-0"), for --stats: it draws each pulse's scene,
 * apart from the FX thread, and a pane that redraws much (the Timeline) costs there, not on the FX thread (QA).
 */
final class RenderThreadTime {

    static final String NAME = "QuantumRenderer-0";

    private RenderThreadTime() {
    }

    /** Nanoseconds of CPU the render thread has used; -1 if there is none or the JVM does not measure it. */
    static long nanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(NAME)) {
                return mx.getThreadCpuTime(t.getId());
            }
        }
        return -1;
    }
}
