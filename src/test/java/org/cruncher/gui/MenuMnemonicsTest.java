package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;

import org.junit.jupiter.api.Test;

class MenuMnemonicsTest {

    @Test
    void eachItemTakesTheFirstFreeLetterOfAWordThenAnyFreeLetter() {
        Set<Character> taken = MenuMnemonics.taken("");
        // The samples' titles: "A backup..." finds A taken and takes the b of "backup"; "Disk space shared 75/25
        // under..." finds D and S taken and takes the u of "under".
        assertEquals("_Two projects", MenuMnemonics.mark("Two projects", taken));
        assertEquals("_A CPU and a GPU", MenuMnemonics.mark("A CPU and a GPU", taken));
        assertEquals("_Servers", MenuMnemonics.mark("Servers", taken));
        assertEquals("_Deadlines", MenuMnemonics.mark("Deadlines", taken));
        assertEquals("A _backup project", MenuMnemonics.mark("A backup project", taken));
        assertEquals("Disk space shared 75/25 _under a limit", MenuMnemonics.mark("Disk space shared 75/25 under a "
                + "limit", taken));
        // No word's first letter free: the first free letter inside a word ("Timeline" after "Tasks").
        Set<Character> panes = MenuMnemonics.taken("t");
        assertEquals("T_imeline", MenuMnemonics.mark("Timeline", panes));
    }

    @Test
    void onlyALetterBeforeTheTextsOwnUnderscoreIsTaken() {
        // JavaFX reads the first "_" as the mark: "my_host" with m and y taken is left unmarked, the h being after
        // the text's own "_"; with the m free, "_my_host" shows "my_host".
        assertEquals("_my_host", MenuMnemonics.mark("my_host", MenuMnemonics.taken("")));
        assertNull(MenuMnemonics.mark("my_host", MenuMnemonics.taken("my")));
        assertNull(MenuMnemonics.mark("Tea", MenuMnemonics.taken("tea")), "every letter taken");
    }
}
