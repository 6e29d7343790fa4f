package org.cruncher.gui;

import java.util.Objects;
import java.util.function.BiPredicate;

import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * An editable text cell that applies what was typed however the user leaves it: Enter, Tab, a click elsewhere in
 * the window, or another pane shown. Escape leaves it unchanged. The stock {@code TextFieldTableCell} applies on
 * Enter only and drops the edit without a word on a click elsewhere (a share typed and left showed its old value
 * again), and keeps editing on Tab. Text the row refuses, typed and left by Enter or Tab, stays in the field,
 * outlined in red, to be put right or undone with Escape (it was dropped, the old value shown again); left by a click
 * elsewhere, it is dropped, and the pane says why. {@link #editOnF2} lets the keyboard start an edit, as in a spreadsheet.
 *
 * <p>The edit is handed to {@code apply} with the row it was made in, not through the column's edit-commit event:
 * when the table itself ends the edit (a click on another row), it has already forgotten which cell was edited.
 *
 * @param <S> the table's row type
 */
public final class ApplyOnLeaveCell<S> extends TableCell<S, String> {

    private static final String INVALID = "invalid";

    private final BiPredicate<S, String> apply;
    private final Runnable escaped;
    private final TextField field = new TextField();
    /** The row being edited and its text when the edit began. */
    private S edited;
    private String before;
    /** True while Escape ends the edit, or once the edit was applied: the end of the edit applies nothing more. */
    private boolean done;

    /**
     * @param apply   called with the row and the text typed, when it differs from the text before the edit; false
     *                when it refuses the text
     * @param escaped called when Escape ends the edit, leaving the value as it was (to take back what a refusal said)
     */
    public ApplyOnLeaveCell(BiPredicate<S, String> apply, Runnable escaped) {
        this.apply = apply;
        this.escaped = escaped;
        field.setOnAction(e -> {
            applyByKey();
            e.consume();
        });
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                done = true;
                stopEditing(true);
                escaped.run();
                e.consume();
            } else if (e.getCode() == KeyCode.TAB) {
                applyByKey();
                e.consume();
            }
        });
        field.textProperty().addListener((obs, was, now) -> field.getStyleClass().remove(INVALID));
        // A click elsewhere in the window takes the focus; the window losing it (another application) does not end
        // the edit.
        field.focusedProperty().addListener((obs, was, now) -> {
            if (!now && isEditing() && getScene() != null && getScene().getWindow() != null
                    && getScene().getWindow().isFocused()) {
                applyOnce();
                stopEditing(false);
            }
        });
        // Another pane shown (a tab clicked) takes this one out of the scene with the edit open: the focus leaves
        // with no scene to tell it by. The edit is applied as by a click elsewhere; it stayed open, showing a
        // share that was never applied.
        sceneProperty().addListener((obs, was, now) -> {
            if (now == null && isEditing()) {
                applyOnce();
                stopEditing(false);
            }
        });
    }

    @Override
    public void startEdit() {
        super.startEdit();
        if (!isEditing()) {
            return;
        }
        TableRow<S> row = getTableRow();
        edited = row == null ? null : row.getItem();
        before = getItem();
        done = false;
        field.setText(before);
        field.getStyleClass().remove(INVALID);
        setText(null);
        setGraphic(field);
        field.selectAll();
        field.requestFocus();
    }

    @Override
    public void cancelEdit() {
        super.cancelEdit();
        // The table ends the edit on a click elsewhere; if its rows were replaced meanwhile (another emulation
        // opened), the edit is of a row no longer shown and is dropped.
        TableRow<S> row = getTableRow();
        if (row != null && row.getItem() == edited) {
            applyOnce();
        }
        showText(getItem());
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        if (empty) {
            setText(null);
            setGraphic(null);
        } else if (isEditing()) {
            setText(null);
            setGraphic(field);
        } else {
            showText(item);
        }
    }

    private void showText(String item) {
        setText(item);
        setGraphic(null);
    }

    /**
     * Lets F2 start editing {@code column} in the focused row of {@code table} (the table's own keys start no edit):
     * the keyboard's way to what a double-click does.
     */
    public static <S> void editOnF2(TableView<S> table, TableColumn<S, ?> column) {
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            int row = table.getFocusModel().getFocusedIndex();
            if (e.getCode() == KeyCode.F2 && table.getEditingCell() == null && row >= 0) {
                table.edit(row, column);
                e.consume();
            }
        });
    }

    /** Enter or Tab: applies the text and ends the edit, or, if the row refuses it, keeps it there in red. */
    private void applyByKey() {
        if (applyOnce()) {
            stopEditing(true);
        } else {
            done = false;
            if (!field.getStyleClass().contains(INVALID)) {
                field.getStyleClass().add(INVALID);
            }
            field.selectAll();
        }
    }

    /**
     * Hands the typed text to {@code apply} once per edit, unless it is unchanged or Escape ended the edit.
     *
     * @return false when {@code apply} refused it
     */
    private boolean applyOnce() {
        if (done || edited == null) {
            return true;
        }
        done = true;
        String text = field.getText();
        return Objects.equals(text, before) || apply.test(edited, text);
    }

    /**
     * Ends the edit in the table (which then calls {@link #cancelEdit}); after a key, gives the focus back to the
     * table, not after a click that took it elsewhere.
     */
    private void stopEditing(boolean refocus) {
        if (getTableView() != null) {
            getTableView().edit(-1, null);
            if (refocus) {
                getTableView().requestFocus();
            }
        } else {
            cancelEdit();
        }
    }
}
