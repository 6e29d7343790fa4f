package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Windows and dialogs larger than the screen, or partly off it, are brought within it. */
@ExtendWith(ApplicationExtension.class)
class ScreenFitTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
    }

    /**
     * A window left at 1024 x 700 at (20, 13) on a larger screen, reopened on a 1024 x 700 one: it ran 20 pixels
     * past the right edge and 13 below the bottom. Its size fits, so it is only moved: to (0, 0).
     */
    @Test
    void aWindowAsLargeAsTheScreenButMovedOffItIsMovedBack() {
        assertEquals(new Rectangle2D(0, 0, 1024, 700),
                ScreenFit.fit(new Rectangle2D(20, 13, 1024, 700), new Rectangle2D(0, 0, 1024, 700)));
    }

    /**
     * A shown window as large as the screen and centred 20 pixels right and 13 down of it (a new window at 800 x 600:
     * QA) is moved back onto the screen, its size kept.
     */
    @Test
    void aShownWindowOffTheScreenIsMovedOntoIt(FxRobot robot) {
        // A stage of its own: the tests' shared stage keeps its size for the other test classes.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        AtomicReference<Stage> own = new AtomicReference<>();
        robot.interact(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new StackPane(), 200, 100));
            s.show();
            s.setX(screen.getMinX() + 20);
            s.setY(screen.getMinY() + 13);
            s.setWidth(screen.getWidth());
            s.setHeight(screen.getHeight());
            ScreenFit.moveOnScreen(s);
            own.set(s);
        });
        Stage s = own.get();
        try {
            assertEquals(new Rectangle2D(screen.getMinX(), screen.getMinY(), screen.getWidth(), screen.getHeight()),
                    new Rectangle2D(s.getX(), s.getY(), s.getWidth(), s.getHeight()));
        } finally {
            robot.interact(s::close);
        }
    }

    /** A 900 x 600 window at (20, 13) on an 800 x 600 screen: 100 pixels narrower, 13 higher, at (0, 0). */
    @Test
    void aWindowWiderThanTheScreenIsMadeAsWideAsIt() {
        assertEquals(new Rectangle2D(0, 0, 800, 600),
                ScreenFit.fit(new Rectangle2D(20, 13, 900, 600), new Rectangle2D(0, 0, 800, 600)));
    }

    /**
     * Screens are fitted in their own place: a second screen right of a 1440-pixel one, with a 30-pixel task bar on
     * top (its free area from y = 30). A 1000 x 800 window at (1900, 10) on it keeps its size and moves to x = 2880
     * - 1000 = 1880 and y = 30; one wholly on the screen stays where it is.
     */
    @Test
    void aWindowIsFittedWhereItsScreenIs() {
        Rectangle2D second = new Rectangle2D(1440, 30, 1440, 870);
        assertEquals(new Rectangle2D(1880, 30, 1000, 800), ScreenFit.fit(new Rectangle2D(1900, 10, 1000, 800), second));
        Rectangle2D inside = new Rectangle2D(1500, 100, 800, 600);
        assertEquals(inside, ScreenFit.fit(inside, second));
    }

    /**
     * A window across two screens belongs to the one holding most of it: 1000 x 800 at x = 1000 covers 440 columns of
     * the left 1440-wide screen and 560 of the right one, so the right one (index 1); at x = 900, 540 against 460, the
     * left one (index 0); one on neither screen has none (-1), and the primary screen is used.
     */
    @Test
    void aWindowBelongsToTheScreenHoldingMostOfIt() {
        List<Rectangle2D> screens = List.of(new Rectangle2D(0, 0, 1440, 900), new Rectangle2D(1440, 0, 1440, 900));
        assertEquals(1, ScreenFit.mostOverlapped(new Rectangle2D(1000, 50, 1000, 800), screens));
        assertEquals(0, ScreenFit.mostOverlapped(new Rectangle2D(900, 50, 1000, 800), screens));
        assertEquals(-1, ScreenFit.mostOverlapped(new Rectangle2D(5000, 50, 1000, 800), screens));
    }

    /**
     * A dialog whose content wants 300 pixels more than the screen each way (as What if..., laid out 960 wide, does
     * on an 800 x 600 screen) is shown within the screen, so that its buttons can be reached, and its content is laid
     * out no wider than the screen (QA under GTK: its owner, as wide as the screen but 20 pixels off it, centred it at
     * x = -60 after it was fitted).
     */
    @Test
    void aDialogLargerThanTheScreenIsShownWithinIt(FxRobot robot) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        AtomicReference<Dialog<Void>> dialog = new AtomicReference<>();
        robot.interact(() -> {
            Stage owner = new Stage();
            owner.setScene(new Scene(new StackPane(), 200, 100));
            owner.show();
            owner.setX(screen.getMinX() + 20);
            owner.setWidth(screen.getWidth());
            Dialog<Void> d = new Dialog<>();
            d.initOwner(owner);
            d.setOnHidden(e -> owner.close());
            d.setResizable(true);
            Region content = new Region();
            content.setPrefSize(screen.getWidth() + 300, screen.getHeight() + 300);
            d.getDialogPane().setContent(content);
            d.getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
            ScreenFit.keepOnScreen(d);
            d.show();
            dialog.set(d);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Dialog<Void> d = dialog.get();
        try {
            assertTrue(d.getWidth() <= screen.getWidth() && d.getHeight() <= screen.getHeight(),
                    d.getWidth() + " x " + d.getHeight() + " on " + screen);
            assertTrue(d.getX() >= screen.getMinX() && d.getY() >= screen.getMinY()
                    && d.getX() + d.getWidth() <= screen.getMaxX() && d.getY() + d.getHeight() <= screen.getMaxY(),
                    d.getX() + ", " + d.getY() + " on " + screen);
            double wants = d.getDialogPane().prefWidth(-1);
            assertTrue(wants <= screen.getWidth(), "laid out for " + wants);
        } finally {
            robot.interact(d::close);
        }
    }
}
