package org.cruncher.gui.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The title over the selected project's files. */
class FilesTitleTest {

    @Test
    void aProjectsFilesSayHowManyMayGoAndInWhatOrder() {
        assertEquals("Files of A (8; 3 may go when space is needed, in this order; policy: LRU)",
                DiskPaneViewModel.filesTitle("A", 8, 8, 3, "LRU"));
    }

    @Test
    void aLongListSaysHowManyAreShown() {
        assertEquals("Files of A (1200, the first 500 shown; 40 may go when space is needed, in this order; policy: "
                + "expire)", DiskPaneViewModel.filesTitle("A", 1200, 500, 40, "expire"));
    }

    @Test
    void aProjectWithoutFilesSaysNoneRatherThanCountingNothing() {
        // It read "Files of A_gpu_only (0; 0 may go when space is needed, in this order; policy: LRU)".
        assertEquals("Files of A_gpu_only: none", DiskPaneViewModel.filesTitle("A_gpu_only", 0, 0, 0, "LRU"));
    }
}
