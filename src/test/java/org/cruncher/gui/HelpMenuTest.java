package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.Release;
import org.cruncher.emulator.Scenario;
import org.cruncher.gui.help.Glossary;

@ExtendWith(ApplicationExtension.class)
class HelpMenuTest {

    private GuiFixture f;

    @Start
    void start(Stage stage) {
        f = GuiFixture.open(stage, GuiFixture.twoProjects());
    }

    @AfterEach
    void close() {
        f.close();
    }

    private static List<Window> dialogs(FxRobot robot) {
        return robot.listWindows().stream().filter(w -> w.getScene() != null
                && w.getScene().getRoot().getStyleClass().contains("dialog-pane") && w.isShowing()).toList();
    }

    /**
     * F1 opens the glossary beside the window (not modal: the window keeps working under it); a word typed narrows
     * it to the terms that hold it; F1 again brings the same one forward rather than a second.
     */
    @Test
    void f1OpensTheGlossaryBesideTheWindowAndASearchNarrowsIt(FxRobot robot) throws Exception {
        f.awaitTime(Scenario.DEFAULT_START);
        robot.press(KeyCode.F1).release(KeyCode.F1);
        GuiFixture.waitUntil(() -> dialogs(robot).size() == 1);
        Window glossary = dialogs(robot).get(0);
        assertEquals("What the words mean", ((Stage) glossary).getTitle());
        assertEquals(Modality.NONE, ((Stage) glossary).getModality());
        ListView<?> list = robot.from(glossary.getScene().getRoot()).lookup("#termList").queryAs(ListView.class);
        assertEquals(Glossary.entries().size(), list.getItems().size());

        TextField search = robot.from(glossary.getScene().getRoot()).lookup("#searchField").queryAs(TextField.class);
        // The search takes the keys at once: F1 and a word (focus was on Close, and typing did nothing).
        GuiFixture.waitUntil(() -> glossary.getScene().getFocusOwner() == search);
        robot.interact(() -> search.setText("backoff"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(list.getItems().size() < Glossary.entries().size() && !list.getItems().isEmpty(),
                list.getItems().size() + " shown");
        assertTrue(list.getItems().stream().allMatch(e -> e.toString().toLowerCase().contains("backoff")));
        Label count = robot.from(glossary.getScene().getRoot()).lookup("#countLabel").queryAs(Label.class);
        assertEquals(list.getItems().size() + " of " + Glossary.entries().size() + " terms", count.getText());

        // With the main window in front again, F1 brings the same glossary forward rather than a second.
        robot.interact(() -> f.scene.getWindow().requestFocus());
        robot.press(KeyCode.F1).release(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(glossary), dialogs(robot));
        robot.interact(glossary::hide);
    }

    /** Help > About names the release, the runtime and the data folder, which Copy path puts on the clipboard. */
    @Test
    void aboutNamesTheReleaseAndTheDataFolderAndCopiesIt(FxRobot robot) throws Exception {
        robot.clickOn("Help").clickOn("About Cruncher");
        GuiFixture.waitUntil(() -> dialogs(robot).size() == 1);
        Window about = dialogs(robot).get(0);
        Label title = robot.from(about.getScene().getRoot()).lookup("#title").queryAs(Label.class);
        assertEquals(Release.NAME, title.getText());
        Label runtime = robot.from(about.getScene().getRoot()).lookup("#runtime").queryAs(Label.class);
        assertTrue(runtime.getText().startsWith("Java " + System.getProperty("java.version")), runtime.getText());
        Label folder = robot.from(about.getScene().getRoot()).lookup("#dataFolder").queryAs(Label.class);
        String expected = f.dataDir.toAbsolutePath().normalize().toString();
        assertEquals(expected, folder.getText());
        // Its paragraphs are drawn whole, wrapped: opened from the menu, they were cut to "It runs a BOINC-style
        // scheduler ..." (the dialog was sized from one-line heights).
        for (String id : List.of("#summary", "#design")) {
            Label paragraph = robot.from(about.getScene().getRoot()).lookup(id).queryAs(Label.class);
            Text drawn = robot.from(paragraph).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
            assertEquals(paragraph.getText(), drawn.getText(), id);
        }

        robot.clickOn("#copyButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(expected, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());
        robot.interact(about::hide);
    }
}
