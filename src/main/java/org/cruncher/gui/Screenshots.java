package org.cruncher.gui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;

/** Renders a scene to a PNG file (no javafx-swing needed). */
public final class Screenshots {

    private Screenshots() {
    }

    /** Writes {@code scene} as it is drawn now to {@code file} (on the FX thread). */
    public static void write(Scene scene, Path file) throws IOException {
        // CSS and layout twice first: a table lays out its rows by making cells and setting their graphics, which
        // the snapshot's own pass then drew unstyled (a disk bar empty, its figures in large black text).
        if (scene.getRoot() != null) {
            for (int i = 0; i < 2; i++) {
                scene.getRoot().applyCss();
                scene.getRoot().layout();
            }
        }
        WritableImage image = scene.snapshot(null);
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(out, "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}
