package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskRefusal;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileRole;

class DiskWordsTest {

    private static final double GB = 1L << 30;

    private static FileView file(int rank, FileHold hold, boolean sticky) {
        return new FileView("f", FileRole.DATA, 10, 1, 0, 1, 0, sticky, true, hold, rank);
    }

    @Test
    void deletionOrderIsAnOrdinalOrWhatKeepsTheFile() {
        assertEquals("1st to go", DiskWords.deletionOrder(file(1, FileHold.NONE, false)));
        assertEquals("2nd to go", DiskWords.deletionOrder(file(2, FileHold.NONE, false)));
        assertEquals("3rd to go", DiskWords.deletionOrder(file(3, FileHold.NONE, false)));
        assertEquals("11th to go", DiskWords.deletionOrder(file(11, FileHold.NONE, false)));
        assertEquals("22nd to go (kept between jobs until space is needed)",
                DiskWords.deletionOrder(file(22, FileHold.NONE, true)));
        assertEquals("Kept: its result is not yet reported",
                DiskWords.deletionOrder(file(0, FileHold.UNREPORTED_RESULT, false)));
    }

    @Test
    void standingSaysHowFarOverTheShareAndWhyNoWorkComes() {
        // 3 GB used of a 2.5 GB share: 0.5 GB over.
        ProjectDiskView offender = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 4, List.of(),
                null, false);
        assertEquals("Uses 512.0 MB more than its share: its expendable files go first when space is needed",
                DiskWords.standing(offender));
        // 1 GB of 2 GB; its server had a 1.5 GB job and was offered 1 GB.
        ProjectDiskView refused = new ProjectDiskView("u", "A", GB, 2 * GB, DeletionPolicy.LRU, 1, List.of(),
                new DiskRefusal("a1", 1.5 * GB, GB), false);
        assertEquals("Within its share (1.0 GB left). Its server had work but a a1 job needs 1.5 GB and only 1.0 GB "
                + "was offered", DiskWords.standing(refused));
    }
}
