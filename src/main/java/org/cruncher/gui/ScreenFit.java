package org.cruncher.gui;

import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.scene.control.DialogPane;
import javafx.stage.Screen;
import javafx.stage.Window;

import java.util.List;

/**
 * Keeps a window or a dialog within the screen it is on: a window remembered from a larger screen, or a dialog laid
 * out for a larger one than this, comes back no larger than the screen's free area and wholly on it, so that its
 * buttons and its right-hand columns can be reached. Runs on the FX thread.
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
        List<Screen> screens = Screen.getScreens();
        int i = mostOverlapped(r, screens.stream().map(Screen::getBounds).toList());
        return (i < 0 ? Screen.getPrimary() : screens.get(i)).getVisualBounds();
    }

    /** The index of the one of {@code screens} that shares most area with {@code r} (the first of equals), or -1. */
    static int mostOverlapped(Rectangle2D r, List<Rectangle2D> screens) {
        int best = -1;
        double most = 0;
        for (int i = 0; i < screens.size(); i++) {
            Rectangle2D s = screens.get(i);
            double w = Math.min(r.getMaxX(), s.getMaxX()) - Math.max(r.getMinX(), s.getMinX());
            double h = Math.min(r.getMaxY(), s.getMaxY()) - Math.max(r.getMinY(), s.getMinY());
            if (w > 0 && h > 0 && w * h > most) {
                best = i;
                most = w * h;
            }
        }
        return best;
    }

    /**
     * Makes {@code dialog}, each time it is shown, fit the screen it is shown on: its content is laid out no wider
     * than that screen's free area, and the dialog is moved onto it once shown, and again once its owner has centred
     * it (QA at 800x600: the What-if dialog came up 960 pixels wide at x = -60, its project names and Apply
     * button off the screen).
     */
    public static void keepOnScreen(Dialog<?> dialog) {
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWING, e -> {
            Window owner = dialog.getOwner();
            Rectangle2D screen = owner == null ? Screen.getPrimary().getVisualBounds()
                    : screenOf(new Rectangle2D(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight()));
            DialogPane pane = dialog.getDialogPane();
            if (pane.prefWidth(-1) > screen.getWidth()) {
                pane.setPrefWidth(screen.getWidth());
            }
            pane.setMinWidth(Math.min(pane.minWidth(-1), screen.getWidth()));
        });
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, e -> {
            moveOnScreen(dialog);
            Platform.runLater(() -> moveOnScreen(dialog));
        });
        // Some platforms size a dialog after it is shown (GTK: 200 x 200 first): it is fitted again when it is.
        dialog.widthProperty().addListener((o, was, now) -> {
            if (dialog.isShowing()) {
                moveOnScreen(dialog);
            }
        });
        dialog.heightProperty().addListener((o, was, now) -> {
            if (dialog.isShowing()) {
                moveOnScreen(dialog);
            }
        });
    }

    /**
     * Moves the dialog onto its screen, and makes it smaller only where it is larger than the screen: a size set while
     * the dialog was still being sized (200 x 200 under GTK) kept it that small (QA at 800x600).
     */
    private static void moveOnScreen(Dialog<?> dialog) {
        Scene scene = dialog.getDialogPane().getScene();
        if (scene != null && scene.getWindow() != null) {
            moveOnScreen(scene.getWindow());
        }
    }

    /**
     * Puts {@code window} wholly on the screen it is on, once shown, made smaller only where it is larger than that
     * screen (QA at 800x600: a new window as large as the screen was centred with its edges 20 pixels off it).
     */
    public static void moveOnScreen(Window window) {
        Rectangle2D shown = new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
        Rectangle2D fitted = fit(shown, screenOf(shown));
        if (fitted.getMinX() != shown.getMinX() || fitted.getMinY() != shown.getMinY()) {
            window.setX(fitted.getMinX());
            window.setY(fitted.getMinY());
        }
        if (fitted.getWidth() < shown.getWidth()) {
            window.setWidth(fitted.getWidth());
        }
        if (fitted.getHeight() < shown.getHeight()) {
            window.setHeight(fitted.getHeight());
        }
    }
}
