package org.cruncher.gui;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * Keeps showing snapshots to a share of the FX thread's time, so that the window answers its user however many
 * tasks it shows. Each snapshot shown costs the FX thread its update and the layout that follows. Before each one,
 * the pacer looks at the processor time the thread used since the last one began; when that was more than
 * {@link #SHARE} of the time between, the next snapshot waits until it is not (never more than
 * {@link #MAX_INTERVAL_NANOS} after the last). The engine publishes ten snapshots a second; a small host costs a
 * millisecond or two a snapshot and never waits, while a host with tens of thousands of tasks is shown a few times a
 * second rather than freezing the window. All of the thread's work counts, so while the user scrolls or resizes, the
 * snapshots make way too. Used on the FX thread only.
 */
public final class DeliveryPacer {

    /** The share of the FX thread's time that showing snapshots may take. */
    public static final double SHARE = 0.2;
    /** The longest time between two snapshots shown, whatever they cost. */
    public static final long MAX_INTERVAL_NANOS = 1_000_000_000L;

    private final LongSupplier wallNanos;
    private final LongSupplier threadCpuNanos;
    private boolean started;
    private long lastWall;
    private long lastCpu;

    /**
     * @param wallNanos      a monotonic clock ({@code System::nanoTime})
     * @param threadCpuNanos the processor time of the thread that shows the snapshots
     */
    public DeliveryPacer(LongSupplier wallNanos, LongSupplier threadCpuNanos) {
        this.wallNanos = wallNanos;
        this.threadCpuNanos = threadCpuNanos;
    }

    /**
     * A pacer reading the processor time of the thread that calls {@link #waitNanos()} (the FX thread, wherever the
     * pacer was made); where the JVM cannot tell a thread's time, it never waits.
     */
    public static DeliveryPacer ofCallingThread() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean measurable = threads.isCurrentThreadCpuTimeSupported();
        return new DeliveryPacer(System::nanoTime, measurable ? threads::getCurrentThreadCpuTime : () -> 0L);
    }

    /**
     * How long the next snapshot must still wait, in nanoseconds; 0 means show it now, and the pacer counts from
     * here. Steps: the time used since the last snapshot began, divided by {@link #SHARE}, is how far apart the two
     * must be; capped at {@link #MAX_INTERVAL_NANOS}; less the time already gone by.
     */
    public long waitNanos() {
        long wall = wallNanos.getAsLong();
        long cpu = threadCpuNanos.getAsLong();
        if (started) {
            double apart = Math.min(MAX_INTERVAL_NANOS, Math.max(0, cpu - lastCpu) / SHARE);
            long wait = (long) Math.ceil(apart - (wall - lastWall));
            if (wait > 0) {
                return wait;
            }
        }
        started = true;
        lastWall = wall;
        lastCpu = cpu;
        return 0;
    }
}
