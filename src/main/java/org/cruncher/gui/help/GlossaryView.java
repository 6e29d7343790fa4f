package org.cruncher.gui.help;

import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

/** Controller of Glossary.fxml: the search field and the list of terms, each with its heading and meaning. */
public final class GlossaryView {

    /** The meanings wrap inside the list, less its scroll bar and the cells' padding. */
    private static final double WRAP_MARGIN = 36;

    private final GlossaryViewModel model;

    @FXML
    private Label findLabel;
    @FXML
    private TextField searchField;
    @FXML
    private Label countLabel;
    @FXML
    private ListView<Glossary.Entry> termList;

    public GlossaryView(GlossaryViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        findLabel.setLabelFor(searchField);
        searchField.textProperty().bindBidirectional(model.searchProperty());
        countLabel.textProperty().bind(model.countProperty());
        termList.setItems(model.shown());
        termList.setCellFactory(l -> new EntryCell());
    }

    /** An entry: its heading (in grey, above its first entry), the term in bold, the meaning wrapped under it. */
    private final class EntryCell extends ListCell<Glossary.Entry> {
        private final Label heading = new Label();
        private final Label term = new Label();
        private final Label meaning = new Label();
        private final VBox box = new VBox(1, heading, term, meaning);

        EntryCell() {
            heading.getStyleClass().add("glossary-heading");
            term.getStyleClass().add("glossary-term");
            meaning.setWrapText(true);
            meaning.maxWidthProperty().bind(termList.widthProperty().subtract(WRAP_MARGIN));
            meaning.setMinHeight(Label.USE_PREF_SIZE);
        }

        @Override
        protected void updateItem(Glossary.Entry item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setGraphic(null);
                return;
            }
            // The heading only above the first of its entries shown.
            int i = getIndex();
            boolean first = i == 0 || !getListView().getItems().get(i - 1).heading().equals(item.heading());
            heading.setText(item.heading());
            heading.setVisible(first);
            heading.setManaged(first);
            term.setText(item.term());
            meaning.setText(item.meaning());
            setGraphic(box);
        }
    }
}
