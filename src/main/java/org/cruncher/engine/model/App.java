package org.cruncher.engine.model;

/**
 * An application of a project.
 *
 * @param name             the app's short name
 * @param userFriendlyName the name shown to people ("SETI@home v7")
 * @param nonCpuIntensive  true for apps that barely use the CPU; the scheduler runs them outside the shares
 */
public record App(String name, String userFriendlyName, boolean nonCpuIntensive) {

    public App {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an app needs a name");
        }
        userFriendlyName = userFriendlyName == null || userFriendlyName.isBlank() ? name : userFriendlyName;
    }

    public static App named(String name) {
        return new App(name, name, false);
    }
}
