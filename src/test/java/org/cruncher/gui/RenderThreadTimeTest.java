package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** With JavaFX running, its render thread is found and its CPU time read, for --stats. */
@ExtendWith(ApplicationExtension.class)
class RenderThreadTimeTest {

    @Test
    void theRenderThreadsCpuTimeIsRead() {
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals(RenderThreadTime.NAME)), "JavaFX's render thread runs");
        assertTrue(RenderThreadTime.nanos() >= 0);
    }
}
