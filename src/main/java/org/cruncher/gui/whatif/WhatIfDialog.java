package org.cruncher.gui.whatif;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

import org.cruncher.emulator.WhatIf;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.gui.Fxml;
import org.cruncher.gui.ScreenFit;

/**
 * "What if...": change the shares and the work buffer and see what the next days would bring before applying them.
 * The emulations run on a thread of the dialog's own, which ends when the dialog closes; Apply is enabled while
 * something valid differs from what is in force, and gives the commands that put it in force.
 */
public final class WhatIfDialog extends Dialog<List<EngineCommand>> {

    /** The Apply button's type. */
    public static final ButtonType APPLY = new ButtonType("_Apply changes", ButtonBar.ButtonData.OK_DONE);

    private final WhatIfViewModel model;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cruncher-what-if");
        t.setDaemon(true);
        t.setPriority(Thread.NORM_PRIORITY - 1);
        return t;
    });

    public WhatIfDialog(Window owner, EngineSnapshot now, Supplier<CompletableFuture<WhatIf>> source) {
        this.model = new WhatIfViewModel(now, source, worker, Platform::runLater);
        if (owner != null) {
            initOwner(owner);
        }
        setTitle("What if...");
        setHeaderText("Change a share, the work buffer or the disk limit to see what the next days would bring, before "
                + "you apply it.\n"
                + "The emulation in the window carries on as it was, running or paused; Apply puts your changes in "
                + "force in it.");
        setResizable(true);
        ScreenFit.keepOnScreen(this);
        getDialogPane().setContent(Fxml.load("WhatIfDialog.fxml", type -> new WhatIfView(model)));
        getDialogPane().getButtonTypes().setAll(APPLY, ButtonType.CLOSE);
        Node apply = getDialogPane().lookupButton(APPLY);
        apply.disableProperty().bind(model.changedProperty().not());
        setResultConverter(b -> b == APPLY ? model.changes() : null);
        setOnShown(e -> model.ask());
        setOnHidden(e -> {
            model.stop();
            worker.shutdown();
        });
    }

    public WhatIfViewModel model() {
        return model;
    }

    /** Shows the dialog and returns the commands that apply the user's changes, if the user applied them. */
    public Optional<List<EngineCommand>> ask() {
        return showAndWait();
    }
}
