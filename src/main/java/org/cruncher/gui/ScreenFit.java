package org.cruncher.gui;

import javafx.geometry.Rectangle2D;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.stage.Screen;

/**
 * Keeps a window or a dialog within the screen it is on: a window remembered from a larger screen, or a dialog laid
 * out for 1440 x 880, comes back no larger than the screen's free area and wholly on it, so that its buttons and
 * its right-hand columns can be reached. Runs on the FX thread.
 */
public final class ScreenFit {

    private ScreenFit() {
    }

    /**
     * {@code window} made to fit {@code screen}: each side no longer than the screen's, then moved (as little as
     * possible) so that it lies wholly on it.
     */
    public static Rectangle2D fit(Rectangle2D window, Rectangle2D screen) {
        double w = Math.min(window.getWidth(), screen.getWidth());
        double h = Math.min(window.getHeight(), screen.getHeight());
        double x = Math.max(screen.getMinX(), Math.min(window.getMinX(), screen.getMaxX() - w));
        double y = Math.max(screen.getMinY(), Math.min(window.getMinY(), screen.getMaxY() - h));
        return new Rectangle2D(x, y, w, h);
    }

    /** The free area (without task bars) of the screen that holds most of {@code r}, or of the primary screen. */
    public static Rectangle2D screenOf(Rectangle2D r) {
        return Screen.getScreensForRectangle(r).stream().map(Screen::getVisualBounds).findFirst()
                .orElse(Screen.getPrimary().getVisualBounds());
    }

    /** Makes {@code dialog}, each time it is shown, fit the screen it is shown on. */
    public static void keepOnScreen(Dialog<?> dialog) {
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, e -> {
            Rectangle2D shown = new Rectangle2D(dialog.getX(), dialog.getY(), dialog.getWidth(), dialog.getHeight());
            Rectangle2D fitted = fit(shown, screenOf(shown));
            if (!fitted.equals(shown)) {
                dialog.setX(fitted.getMinX());
                dialog.setY(fitted.getMinY());
                dialog.setWidth(fitted.getWidth());
                dialog.setHeight(fitted.getHeight());
            }
        });
    }
}
