package org.cruncher.gui;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import javafx.scene.image.Image;

/**
 * Cruncher's icon at the sizes a window manager picks from (title bar, task switcher, dock): PNGs rendered from
 * assets/icon/*.svg and packed beside this class by the build.
 */
final class WindowIcons {

    static final List<Integer> SIZES = List.of(16, 32, 48, 64, 128, 256);

    private WindowIcons() {
    }

    /** The icons, smallest first; a size missing from the jar is left out rather than failing the window. */
    static List<Image> load() {
        List<Image> icons = new ArrayList<>();
        for (int size : SIZES) {
            URL png = WindowIcons.class.getResource("icon/cruncher-" + size + ".png");
            if (png != null) {
                icons.add(new Image(png.toExternalForm()));
            }
        }
        return icons;
    }
}
