package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

@ExtendWith(ApplicationExtension.class)
class ColumnHeadersTest {

    private static final Font FONT = Font.font("System", 13);

    private static double width(String s) {
        Text t = new Text(s);
        t.setFont(FONT);
        return t.getLayoutBounds().getWidth();
    }

    @Test
    void aTitleThatFitsStaysOnOneLine() {
        assertEquals("Anticipated debt", ColumnHeaders.fitted("Anticipated debt", width("Anticipated debt"), FONT));
    }

    @Test
    void aTitleTooWideBreaksAtTheSpaceNearestItsMiddle() {
        double narrow = width("Anticipated debt") - 1;
        assertEquals("Anticipated\ndebt", ColumnHeaders.fitted("Anticipated debt", narrow, FONT));
        // 18 characters, middle 9; spaces at 5, 8 and 12: the one at 8 is nearest.
        assertEquals("Share of\nthe space", ColumnHeaders.fitted("Share of the space", 40, FONT));
    }

    @Test
    void aOneWordTitleIsLeftForTheLabelToCut() {
        assertEquals("Shortfall", ColumnHeaders.fitted("Shortfall", 10, FONT));
    }

    @Test
    void aColumnNotYetLaidOutKeepsItsTitle() {
        assertEquals("Backoff interval", ColumnHeaders.fitted("Backoff interval", -16, FONT));
    }

    @Test
    void anExplainedColumnCarriesItsMeaningOnItsTitleAndFollowsItsText() {
        TableColumn<String, String> column = new TableColumn<>("Debt");
        assertNull(ColumnHeaders.meaning(column));

        ColumnHeaders.explain(column, "Positive: owed.");
        column.setText("Debt now");

        assertEquals("Positive: owed.", ColumnHeaders.meaning(column));
        assertEquals("Debt now", ((Label) column.getGraphic()).getText());
        assertEquals(1, column.getStyleClass().stream().filter(ColumnHeaders.EXPLAINED::equals).count());
    }
}
