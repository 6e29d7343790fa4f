package org.cruncher.gui;

import java.util.function.Function;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.scene.control.TableRow;

/**
 * A table row marked with a pseudo-class while a flag of its item holds ("wants work", "over its disk share"). It
 * follows the flag as it changes: the panes update their rows' items in place, so a mark set only when a row is
 * given an item would go stale.
 *
 * @param <T> the row's item type
 */
public final class FlaggedRow<T> extends TableRow<T> {

    private final PseudoClass mark;
    private final Function<T, ObservableBooleanValue> flag;
    private final ChangeListener<Boolean> follow;
    private ObservableBooleanValue watched;

    /** A row marked with {@code mark} while {@code flag} of its item is true. */
    public FlaggedRow(PseudoClass mark, Function<T, ObservableBooleanValue> flag) {
        this.mark = mark;
        this.flag = flag;
        this.follow = (o, was, now) -> pseudoClassStateChanged(mark, now);
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        if (watched != null) {
            watched.removeListener(follow);
        }
        watched = empty || item == null ? null : flag.apply(item);
        if (watched != null) {
            watched.addListener(follow);
        }
        pseudoClassStateChanged(mark, watched != null && watched.get());
    }
}
