package org.cruncher.gui;

import java.util.function.Consumer;

import javafx.scene.control.TableView;

/**
 * The decisions panel below the panes is shared: each pane's selection sets what it shows. When a pane is shown again
 * (its tab chosen), its own selection, or none, sets it again; else the panel went on describing a task picked on
 * another pane beside the project selected on this one.
 */
public final class SelectionShownAgain {

    private SelectionShownAgain() {
    }

    /** Calls {@code show} with {@code table}'s selected row (null for none) each time the table is shown again. */
    public static <T> void follow(TableView<T> table, Consumer<T> show) {
        table.sceneProperty().addListener((o, was, now) -> {
            if (now != null && was == null) {
                show.accept(table.getSelectionModel().getSelectedItem());
            }
        });
    }
}
