package org.cruncher.gui.help;

import javafx.geometry.Rectangle2D;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.stage.Modality;
import javafx.stage.Window;

import org.cruncher.gui.Fxml;
import org.cruncher.gui.ScreenFit;

/**
 * Help > What the words mean: the glossary, beside the window rather than over it (not modal), so that a volunteer
 * can keep it open while watching the panes.
 */
public final class GlossaryDialog extends Dialog<Void> {

    public GlossaryDialog(Window owner) {
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.NONE);
        setTitle("What the words mean");
        setResizable(true);
        // At the window's right edge, not over its middle (where it hid the tables), then kept on the screen; the
        // search field takes the keys at once, so that F1 and a word find it.
        addEventHandler(DialogEvent.DIALOG_SHOWN, e -> {
            if (owner != null) {
                setX(besideX(owner.getX(), owner.getWidth(), getWidth(), ScreenFit.screenOf(
                        new Rectangle2D(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight())).getMaxX()));
                setY(owner.getY() + Math.max(0, (owner.getHeight() - getHeight()) / 2));
            }
            getDialogPane().lookup("#searchField").requestFocus();
        });
        ScreenFit.keepOnScreen(this);
        GlossaryViewModel model = new GlossaryViewModel();
        getDialogPane().setContent(Fxml.load("Glossary.fxml", type -> new GlossaryView(model)));
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    }

    /**
     * Where the glossary starts: just right of the window if the screen (right edge {@code screenRight}) has room
     * there, else inside the window's right edge.
     */
    static double besideX(double ownerX, double ownerWidth, double width, double screenRight) {
        double right = ownerX + ownerWidth;
        return right + width <= screenRight ? right : right - width;
    }
}
