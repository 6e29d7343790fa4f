package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class CruncherAppTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new CruncherApp().start(stage);
    }

    @Test
    void windowOpensWithTitle(FxRobot robot) {
        assertEquals("Cruncher", stage.getTitle());
        assertEquals("Cruncher", robot.lookup("#title").queryAs(Label.class).getText());
    }
}
