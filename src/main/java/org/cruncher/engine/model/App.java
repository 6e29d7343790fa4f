package org.cruncher.engine.model;

/**
 * An application of a project.
 *
 * @param name             the app's short name
 * @param userFriendlyName the name shown to people ("SETI@home v7")
 * @param nonCpuIntensive  true for apps that barely use the CPU, as the file says: BOINC runs them outside the
 *                         shares; the engine schedules them as other apps (a note says so when a state is read)
 * @param maxConcurrent    app_config.xml's {@code <max_concurrent>}: at most this many of its tasks run at once
 *                         (0: no limit)
 */
public record App(String name, String userFriendlyName, boolean nonCpuIntensive, int maxConcurrent) {

    public App {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an app needs a name");
        }
        userFriendlyName = userFriendlyName == null || userFriendlyName.isBlank() ? name : userFriendlyName;
        if (maxConcurrent < 0) {
            throw new IllegalArgumentException("max_concurrent must not be negative: " + maxConcurrent);
        }
    }

    /** An app without a concurrency limit. */
    public App(String name, String userFriendlyName, boolean nonCpuIntensive) {
        this(name, userFriendlyName, nonCpuIntensive, 0);
    }

    public static App named(String name) {
        return new App(name, name, false);
    }

    /** This app with {@code limit} as its max_concurrent (0: none). */
    public App withMaxConcurrent(int limit) {
        return new App(name, userFriendlyName, nonCpuIntensive, limit);
    }

    public boolean hasConcurrencyLimit() {
        return maxConcurrent > 0;
    }
}
