package org.cruncher.gui.clock;

import java.net.URI;
import java.net.URISyntaxException;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.gui.text.Format;

/** The clock bar: play / pause, step, speed, the emulated time and how long the emulation has run. */
public final class ClockBarViewModel {

    /** What the clock bar asks of the emulation. */
    public interface Controls {
        void play();

        void pause();

        void stepPeriod();

        void setSpeed(EmulatorDriver.Speed speed);
    }

    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ObjectProperty<EmulatorDriver.Speed> speed =
            new SimpleObjectProperty<>(EmulatorDriver.Speed.HOUR_PER_SECOND);
    private final ReadOnlyStringWrapper emulatedTime = new ReadOnlyStringWrapper("Starting...");
    private final ReadOnlyStringWrapper emulatedSpan = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper wallSpan = new ReadOnlyStringWrapper("");
    private Controls controls;

    public ClockBarViewModel() {
        speed.addListener((o, was, now) -> {
            if (controls != null && now != null) {
                controls.setSpeed(now);
            }
        });
    }

    public void connect(Controls c) {
        this.controls = c;
        c.setSpeed(speed.get());
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    public ObjectProperty<EmulatorDriver.Speed> speedProperty() {
        return speed;
    }

    public ReadOnlyStringProperty emulatedTimeProperty() {
        return emulatedTime.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty emulatedSpanProperty() {
        return emulatedSpan.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty wallSpanProperty() {
        return wallSpan.getReadOnlyProperty();
    }

    public void togglePlay() {
        if (controls == null) {
            return;
        }
        if (playing.get()) {
            controls.pause();
        } else {
            controls.play();
        }
        playing.set(!playing.get());
    }

    /**
     * Runs to the next scheduling period and stops there, as the button's tooltip says; while playing it pauses
     * first (the step used to jump ahead and play on, which at speed showed nothing).
     */
    public void step() {
        if (controls != null) {
            if (playing.get()) {
                togglePlay();
            }
            controls.stepPeriod();
        }
    }

    public void update(EngineSnapshot s) {
        emulatedTime.set(Format.dateTime(s.time()));
        if (s.driver() != null) {
            // In the clock's whole minutes, so that the two agree ("00:19" beside "24 h 19 min", not "24 h 20 min").
            emulatedSpan.set("emulated " + Format.duration(60 * (Math.floor(s.time() / 60)
                    - Math.floor(s.driver().startTime() / 60))));
            String waitingFor = s.driver().waitingFor();
            wallSpan.set(waitingFor.isEmpty() ? "in " + Format.duration(s.driver().wallSeconds()) + " of running"
                    : "(waiting for " + server(waitingFor) + " to answer"
                    + (s.driver().changesWait() ? "; your changes apply then)" : ")"));
            playing.set(s.driver().running());
        }
    }

    /** The server of a loopback project's URL as the clock bar names it: "127.0.0.1:18600", or the URL itself. */
    public static String server(String url) {
        try {
            String authority = new URI(url).getAuthority();
            return authority == null ? url : authority;
        } catch (URISyntaxException e) {
            return url;
        }
    }

    /** The speed's label in the menu. */
    public static String label(EmulatorDriver.Speed s) {
        switch (s) {
            case REAL_TIME:
                return "Real time";
            case MINUTE_PER_SECOND:
                return "1 min/s";
            case TEN_MINUTES_PER_SECOND:
                return "10 min/s";
            case HOUR_PER_SECOND:
                return "1 h/s";
            case DAY_PER_SECOND:
                return "1 day/s";
            default:
                return "As fast as possible";
        }
    }
}
