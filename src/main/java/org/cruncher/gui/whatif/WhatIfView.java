package org.cruncher.gui.whatif;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableStringValue;
import javafx.fxml.FXML;
import javafx.geometry.HPos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.text.TextAlignment;
import javafx.util.StringConverter;

import org.cruncher.gui.NumberInput;
import org.cruncher.gui.text.ColumnHeaders;

/**
 * Controller of WhatIfDialog.fxml: one line per project (its share to edit, its target, its part of the work and
 * its missed deadlines, as things are and with the changes), the work buffer, the disk limit, and the computer's
 * figures.
 */
public final class WhatIfView {

    /** The least width of a column of figures, pixels. */
    private static final double FIGURE_WIDTH = 80;
    /** The projects the list shows at least, on a screen too short for them all (it scrolls the rest). */
    private static final int LEAST_ROWS = 3;
    /** Room kept beside the projects' columns for the list's vertical scroll bar, pixels. */
    private static final double SCROLL_BAR = 14;

    private final WhatIfViewModel model;

    @FXML
    private Label daysLabel;
    @FXML
    private ChoiceBox<Integer> daysChoice;
    @FXML
    private GridPane projectsHeader;
    @FXML
    private GridPane projectsGrid;
    @FXML
    private Label inputError;
    @FXML
    private TextField minDaysField;
    @FXML
    private TextField additionalDaysField;
    @FXML
    private TextField diskMaxGbField;
    @FXML
    private GridPane figuresGrid;
    @FXML
    private ProgressBar progress;
    @FXML
    private Label status;
    @FXML
    private ScrollPane projectsScroll;

    public WhatIfView(WhatIfViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        daysChoice.getItems().setAll(WhatIfViewModel.DAY_CHOICES);
        daysChoice.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer d) {
                return d == null ? "" : Integer.toString(d);
            }

            @Override
            public Integer fromString(String s) {
                return Integer.valueOf(s);
            }
        });
        daysChoice.valueProperty().bindBidirectional(model.daysProperty());
        daysLabel.setLabelFor(daysChoice);
        projectRows();
        bind(minDaysField, model.minDays());
        bind(additionalDaysField, model.additionalDays());
        bind(diskMaxGbField, model.diskMaxGb());
        List<NumberInput> inputs = new ArrayList<>();
        model.rows().forEach(r -> inputs.add(r.share()));
        inputs.add(model.minDays());
        inputs.add(model.additionalDays());
        inputs.add(model.diskMaxGb());
        showFirstError(inputError, model.allSharesZeroProperty(), inputs.toArray(NumberInput[]::new));
        figureRows();
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.busyProperty());
        progress.managedProperty().bind(model.busyProperty());
        status.textProperty().bind(model.statusProperty());
        // The list shows every project up to its scroll pane's greatest height, and the status its every line: in a
        // dialog sized at opening, three projects showed two and a half, and the status was cut off at one line. On a
        // screen too short for them all it keeps three and scrolls the rest: holding every row pushed Close and Apply
        // out of the dialog at 800 x 600.
        projectsGrid.layoutBoundsProperty().addListener((o, was, b) -> {
            double whole = Math.min(b.getHeight(), projectsScroll.getMaxHeight() - 2);
            double row = b.getHeight() / Math.max(1, model.rows().size());
            projectsScroll.setPrefViewportHeight(whole);
            projectsScroll.setMinViewportHeight(Math.min(whole, LEAST_ROWS * row));
        });
        status.setMinHeight(Region.USE_PREF_SIZE);
        projectsScroll.widthProperty().addListener((o, was, now) -> fitColumns(now.doubleValue()));
    }

    /**
     * The projects' columns, in the titles and in the rows below them alike, narrowed to the list's width
     * {@code width} where the full widths do not fit it.
     */
    private void fitColumns(double width) {
        int gaps = ProjectColumns.FULL.length - 1;
        double room = width - projectsScroll.getInsets().getLeft() - projectsScroll.getInsets().getRight()
                - projectsGrid.getInsets().getLeft() - projectsGrid.getInsets().getRight()
                - gaps * projectsGrid.getHgap() - SCROLL_BAR;
        double[] widths = ProjectColumns.widths(room);
        for (GridPane grid : List.of(projectsHeader, projectsGrid)) {
            for (int i = 0; i < widths.length; i++) {
                ColumnConstraints c = grid.getColumnConstraints().get(i);
                c.setMinWidth(widths[i]);
                c.setPrefWidth(widths[i]);
                c.setMaxWidth(widths[i]);
            }
        }
    }

    private void projectRows() {
        fixedColumns(projectsHeader);
        fixedColumns(projectsGrid);
        header(projectsHeader, 0, 1, "Project", "The projects this client is attached to.");
        Label shareTitle = header(projectsHeader, 1, 1, "Resource share", "Change it here to see what it would do; "
                + "Apply puts it in force.");
        GridPane.setHalignment(shareTitle, HPos.LEFT);
        shareTitle.setTextAlignment(TextAlignment.LEFT);
        pairHeader(2, "Target", "What its share comes to on this computer, given the processors its applications "
                + "can use");
        pairHeader(4, "Part of the work done", "Its part of the work done in the next days");
        pairHeader(6, "Deadlines missed", "Its tasks reported after their deadlines in the next days");
        int row = 0;
        for (WhatIfRow r : model.rows()) {
            Label name = new Label(r.name());
            name.setTooltip(ColumnHeaders.wrapped(r.name() + "\n" + r.url()));
            projectsGrid.add(name, 0, row);
            TextField share = new TextField();
            share.setId("share-" + row);
            share.setPrefColumnCount(7);
            bind(share, r.share());
            projectsGrid.add(share, 1, row);
            int i = row;
            figure(projectsGrid, 2, row, r.targetAsIsProperty()).setId("target-as-is-" + i);
            figure(projectsGrid, 3, row, r.targetProperty()).setId("target-" + i);
            figure(projectsGrid, 4, row, r.workAsIsProperty()).setId("work-as-is-" + i);
            figure(projectsGrid, 5, row, r.workChangedProperty()).setId("work-changed-" + i);
            figure(projectsGrid, 6, row, r.missedAsIsProperty()).setId("missed-as-is-" + i);
            figure(projectsGrid, 7, row, r.missedChangedProperty()).setId("missed-changed-" + i);
            row++;
        }
    }

    private void figureRows() {
        figureColumns(figuresGrid, 1, 2);
        header(figuresGrid, 1, 0, "as is", "The next days as things are.");
        header(figuresGrid, 2, 0, "with changes", "The next days with your changes.");
        int row = 1;
        for (FigureRow f : model.figures()) {
            Label name = new Label(f.name());
            name.setTooltip(ColumnHeaders.wrapped(f.meaning()));
            figuresGrid.add(name, 0, row);
            figure(figuresGrid, 1, row, f.asIsProperty()).setId("figure-as-is-" + (row - 1));
            figure(figuresGrid, 2, row, f.changedProperty()).setId("figure-changed-" + (row - 1));
            row++;
        }
    }

    /**
     * A title over two columns from {@code column}, "as is" and "with changes", each explained by {@code meaning}
     * and how things are.
     */
    private void pairHeader(int column, String title, String meaning) {
        Label over = header(projectsHeader, column, 0, title, meaning + ".");
        GridPane.setColumnSpan(over, 2);
        GridPane.setHalignment(over, HPos.CENTER);
        over.setTextAlignment(TextAlignment.CENTER);
        header(projectsHeader, column, 1, "as is", meaning + ", as things are.");
        header(projectsHeader, column + 1, 1, "with changes", meaning + ", with your changes.");
    }

    /**
     * The projects' columns at fixed widths, the same in the titles and in the rows below them (which scroll while
     * the titles stay), narrowed alike by {@link #fitColumns}; the figures' columns aligned right.
     */
    private static void fixedColumns(GridPane grid) {
        for (int i = 0; i < ProjectColumns.FULL.length; i++) {
            ColumnConstraints c = new ColumnConstraints(ProjectColumns.FULL[i]);
            c.setMinWidth(ProjectColumns.FULL[i]);
            c.setMaxWidth(ProjectColumns.FULL[i]);
            if (i >= 2) {
                c.setHalignment(HPos.RIGHT);
            }
            grid.getColumnConstraints().add(c);
        }
    }

    /** Columns {@code from} on, {@code count} of them, of figures: wide enough to keep figures apart. */
    private static void figureColumns(GridPane grid, int from, int count) {
        for (int i = 0; i < from + count; i++) {
            ColumnConstraints c = new ColumnConstraints();
            if (i >= from) {
                c.setMinWidth(FIGURE_WIDTH);
                c.setHalignment(HPos.RIGHT);
            }
            grid.getColumnConstraints().add(c);
        }
    }

    private static Label header(GridPane grid, int column, int row, String text, String meaning) {
        Label l = new Label(text);
        l.getStyleClass().add("what-if-header");
        // A title wider than its narrowed column goes on two lines ("with / changes") rather than being cut.
        l.setWrapText(true);
        l.setTextAlignment(column >= 1 ? TextAlignment.RIGHT : TextAlignment.LEFT);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setTooltip(ColumnHeaders.wrapped(meaning));
        grid.add(l, column, row);
        if (column >= 1) {
            GridPane.setHalignment(l, HPos.RIGHT);
        }
        return l;
    }

    private static Label figure(GridPane grid, int column, int row, ObservableStringValue value) {
        Label l = new Label();
        l.textProperty().bind(value);
        l.getStyleClass().add("what-if-figure");
        grid.add(l, column, row);
        GridPane.setHalignment(l, HPos.RIGHT);
        return l;
    }

    private static void bind(TextField field, NumberInput input) {
        field.textProperty().bindBidirectional(input.textProperty());
        input.errorProperty().addListener((o, was, now) -> {
            if (now.isEmpty()) {
                field.getStyleClass().remove("invalid");
            } else if (!field.getStyleClass().contains("invalid")) {
                field.getStyleClass().add("invalid");
            }
        });
    }

    /**
     * {@code label} shows the first of the inputs' errors, the shares' first, in red; with none, {@code note} if it
     * says something (in grey), else it stays blank, keeping its line, so that the dialog never has to grow for it.
     */
    private static void showFirstError(Label label, ObservableStringValue note, NumberInput... inputs) {
        javafx.beans.Observable[] deps = new javafx.beans.Observable[inputs.length + 1];
        for (int i = 0; i < inputs.length; i++) {
            deps[i] = inputs[i].errorProperty();
        }
        deps[inputs.length] = note;
        StringBinding error = Bindings.createStringBinding(() -> {
            for (NumberInput in : inputs) {
                if (!in.errorProperty().get().isEmpty()) {
                    return in.errorProperty().get();
                }
            }
            return "";
        }, deps);
        label.textProperty().bind(Bindings.createStringBinding(() -> !error.get().isEmpty() ? error.get()
                : !note.get().isEmpty() ? note.get() : "\u00a0", error, note));
        error.addListener((o, was, now) -> styleAsError(label, !now.isEmpty()));
        styleAsError(label, !error.get().isEmpty());
    }

    private static void styleAsError(Label label, boolean error) {
        label.getStyleClass().removeAll("error", "muted");
        label.getStyleClass().add(error ? "error" : "muted");
    }
}
