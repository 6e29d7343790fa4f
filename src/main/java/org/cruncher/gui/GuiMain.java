package org.cruncher.gui;

import java.util.List;
import java.util.Locale;

import javafx.application.Application;

/**
 * Starts the JavaFX application (kept apart from the launcher so that headless commands load no JavaFX class). The
 * options are checked first, and a Linux desktop without a display is named in one line: either would otherwise end
 * in a toolkit's stack trace, or with a window that is gone before anyone reads why.
 */
public final class GuiMain {

    /** Exit code for options that cannot be used, as for the commands' bad input. */
    static final int EXIT_BAD_OPTIONS = 2;

    private GuiMain() {
    }

    public static void launch(String[] args) {
        try {
            AppOptions.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("cruncher: " + e.getMessage());
            System.exit(EXIT_BAD_OPTIONS);
        }
        if (noDisplay(System.getProperty("os.name", ""), System.getenv("DISPLAY"), System.getenv("WAYLAND_DISPLAY"),
                System.getProperty("glass.platform"))) {
            System.err.println("cruncher: no display to open the window on (DISPLAY is not set): start it on a "
                    + "desktop or under xvfb-run, or run a command such as emulate (cruncher --help)");
            System.exit(EXIT_BAD_OPTIONS);
        }
        Application.launch(CruncherApp.class, args);
        if (CruncherApp.exitCode() != 0) {
            System.exit(CruncherApp.exitCode());
        }
    }

    /** Whether a Linux (or other X11) host has no display to open a window on; headless Monocle needs none. */
    static boolean noDisplay(String osName, String display, String waylandDisplay, String glassPlatform) {
        String os = osName.toLowerCase(Locale.ROOT);
        boolean x11 = !os.startsWith("windows") && !os.startsWith("mac");
        return x11 && blank(display) && blank(waylandDisplay) && !"Monocle".equalsIgnoreCase(glassPlatform);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
