package org.cruncher.gui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;

import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.util.Callback;

/** Loads the FXML files beside this class, building controllers with a factory (views get their view models). */
public final class Fxml {

    private Fxml() {
    }

    /** Loads {@code name}; {@code controllers} builds each controller class named in it (and in its includes). */
    public static Parent load(String name, Callback<Class<?>, Object> controllers) {
        URL url = Fxml.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing FXML resource " + name);
        }
        FXMLLoader loader = new FXMLLoader(url);
        loader.setControllerFactory(type -> {
            Object c = controllers.call(type);
            if (c == null) {
                throw new IllegalStateException("no controller registered for " + type.getName());
            }
            return c;
        });
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load " + name, e);
        }
    }
}
