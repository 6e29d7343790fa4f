package org.cruncher.gui.text;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Column headers that say what their column means on hovering, so that a volunteer need not guess which sign of a
 * debt is owed or what a shortfall is. The title is shown by a label that carries the tooltip; the header's own text
 * is hidden by the style sheet ({@code .column-header.explained}), so that the column keeps its text for the table's
 * menu and for accessibility. A title wider than its column is broken over two lines at the space nearest its
 * middle, rather than cut ("Anticipated d..."): a header grows to the height of its tallest title.
 */
public final class ColumnHeaders {

    /** The style class of a column whose header explains it. */
    public static final String EXPLAINED = "explained";

    /** Room a header keeps beside its title: the label's padding and a sort arrow. */
    private static final double MARGIN = 16;

    private ColumnHeaders() {
    }

    /** Gives {@code column}'s header a tooltip that says {@code meaning}. */
    public static void explain(TableColumnBase<?, ?> column, String meaning) {
        Label title = new Label();
        title.textProperty().bind(Bindings.createStringBinding(
                () -> fitted(column.getText(), column.getWidth() - MARGIN, title.getFont()),
                column.textProperty(), column.widthProperty(), title.fontProperty()));
        title.setTextAlignment(TextAlignment.CENTER);
        title.setTooltip(wrapped(meaning));
        column.setGraphic(title);
        if (!column.getStyleClass().contains(EXPLAINED)) {
            column.getStyleClass().add(EXPLAINED);
        }
    }

    /**
     * A tooltip of {@code text} wrapped at 420 pixels: a column's meaning, on its header or on its cells, and every
     * other tooltip of the window, so that none runs off the screen.
     */
    public static Tooltip wrapped(String text) {
        return wrapped(text, 420);
    }

    /** A tooltip of {@code text} wrapped at {@code maxWidth} pixels, for longer texts. */
    public static Tooltip wrapped(String text, double maxWidth) {
        Tooltip tooltip = new Tooltip(text);
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(maxWidth);
        return tooltip;
    }

    /** What {@code column}'s header says it means, or null when it says nothing. */
    public static String meaning(TableColumnBase<?, ?> column) {
        return column.getGraphic() instanceof Label title && title.getTooltip() != null
                ? title.getTooltip().getText() : null;
    }

    /**
     * {@code title} as it fits {@code width} in {@code font}: on one line if it fits, else broken at the space
     * nearest its middle (a one-word title stays whole and is cut by the label).
     */
    static String fitted(String title, double width, Font font) {
        if (title == null || width <= 0 || textWidth(title, font) <= width) {
            return title;
        }
        int middle = title.length() / 2;
        int best = -1;
        for (int i = title.indexOf(' '); i >= 0; i = title.indexOf(' ', i + 1)) {
            if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) {
                best = i;
            }
        }
        return best < 0 ? title : title.substring(0, best) + "\n" + title.substring(best + 1);
    }

    /** The width {@code s} takes in {@code font}, pixels. */
    public static double textWidth(String s, Font font) {
        Text text = new Text(s);
        text.setFont(font);
        return text.getLayoutBounds().getWidth();
    }
}
