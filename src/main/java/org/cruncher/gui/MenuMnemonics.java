package org.cruncher.gui;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import javafx.scene.control.MenuItem;

/**
 * Gives the items of a menu built from data (the samples, the panes) a mnemonic each, unique within the menu: the
 * first letter of a word not yet taken, else any letter not yet taken (QA: these items had none, so that Alt and the
 * arrow keys were the only way to them without a mouse).
 */
final class MenuMnemonics {

    private MenuMnemonics() {
    }

    /**
     * {@code text} with "_" before the letter it takes, that letter, in lower case, added to {@code taken}; null
     * without a free letter. Only a letter before the text's own first "_" can be taken: JavaFX reads the first "_"
     * as the mark and shows the later ones as written (it does not read "__" as one, and failed to lay some out).
     */
    static String mark(String text, Set<Character> taken) {
        int end = text.indexOf('_') < 0 ? text.length() : text.indexOf('_');
        int at = -1;
        for (int i = 0; i < end && at < 0; i++) {
            boolean wordStart = i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1));
            if (wordStart && free(text.charAt(i), taken)) {
                at = i;
            }
        }
        for (int i = 0; i < end && at < 0; i++) {
            if (free(text.charAt(i), taken)) {
                at = i;
            }
        }
        if (at < 0) {
            return null;
        }
        taken.add(Character.toLowerCase(text.charAt(at)));
        return text.substring(0, at) + "_" + text.substring(at);
    }

    /**
     * Marks each of {@code items} in turn, the letters already taken in their menu being {@code taken}; an item
     * left without a letter shows its text as written.
     */
    static void mark(Iterable<MenuItem> items, Set<Character> taken) {
        for (MenuItem item : items) {
            String marked = mark(item.getText(), taken);
            item.setMnemonicParsing(marked != null);
            if (marked != null) {
                item.setText(marked);
            }
        }
    }

    /** A new set of taken letters, from letters given as a string ("fq": F and Q are taken). */
    static Set<Character> taken(String letters) {
        Set<Character> s = new HashSet<>();
        for (char c : letters.toLowerCase(Locale.ROOT).toCharArray()) {
            s.add(c);
        }
        return s;
    }

    private static boolean free(char c, Set<Character> taken) {
        return Character.isLetter(c) && !taken.contains(Character.toLowerCase(c));
    }
}
