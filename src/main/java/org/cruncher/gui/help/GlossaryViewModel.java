package org.cruncher.gui.help;

import java.util.Locale;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;

/** The glossary's entries, narrowed to those whose term or meaning holds the words typed in its search field. */
public final class GlossaryViewModel {

    private final StringProperty search = new SimpleStringProperty("");
    private final FilteredList<Glossary.Entry> shown =
            new FilteredList<>(FXCollections.observableArrayList(Glossary.entries()));
    private final StringBinding count;

    public GlossaryViewModel() {
        search.addListener((o, was, now) -> shown.setPredicate(e -> matches(e, now)));
        count = Bindings.createStringBinding(() -> shown.size() == Glossary.entries().size()
                ? shown.size() + " terms" : shown.size() + " of " + Glossary.entries().size() + " terms", shown);
    }

    /** Whether every word of {@code words} (any case) is in the entry's term, meaning or heading. */
    static boolean matches(Glossary.Entry e, String words) {
        String text = (e.term() + " " + e.meaning() + " " + e.heading()).toLowerCase(Locale.ROOT);
        for (String w : words.toLowerCase(Locale.ROOT).trim().split("\\s+")) {
            if (!text.contains(w)) {
                return false;
            }
        }
        return true;
    }

    /** What the search field holds. */
    public StringProperty searchProperty() {
        return search;
    }

    /** The entries shown, in the glossary's order. */
    public FilteredList<Glossary.Entry> shown() {
        return shown;
    }

    /** "49 terms", or "3 of 49 terms" while a search narrows them. */
    public StringBinding countProperty() {
        return count;
    }
}
