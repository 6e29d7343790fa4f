package org.cruncher.gui;

import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Keeps the menu bar from taking the keys after an Alt combination such as Alt+U (a button's mnemonic). JavaFX's
 * menu bar focuses its first menu when Alt is released with no key pressed since it went down; but a mnemonic
 * consumes its key before the scene's filters see it, so the menu bar takes Alt+U for Alt alone, and Down then opened
 * File instead of moving in the table. Where a key was pressed with Alt held, this says so to the scene's filters
 * (a key press of no key) before Alt is released.
 */
final class AltCombinationGuard {

    private boolean keyWithAlt;

    private AltCombinationGuard() {
    }

    /** Watches the keys of {@code scene}, ahead of its own filters (the window's filters come first). */
    static void install(Scene scene) {
        AltCombinationGuard guard = new AltCombinationGuard();
        scene.windowProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.removeEventFilter(KeyEvent.ANY, guard.filter);
            }
            if (now != null) {
                now.addEventFilter(KeyEvent.ANY, guard.filter);
            }
        });
        if (scene.getWindow() != null) {
            scene.getWindow().addEventFilter(KeyEvent.ANY, guard.filter);
        }
    }

    private final EventHandler<KeyEvent> filter = e -> {
        if (e.getEventType() == KeyEvent.KEY_PRESSED) {
            if (e.getCode() == KeyCode.ALT) {
                keyWithAlt = false;
            } else if (e.isAltDown()) {
                keyWithAlt = true;
            }
        } else if (e.getEventType() == KeyEvent.KEY_RELEASED && e.getCode() == KeyCode.ALT && keyWithAlt) {
            keyWithAlt = false;
            Event.fireEvent(e.getTarget(), new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.UNDEFINED, false,
                    false, false, false));
        }
    };
}
