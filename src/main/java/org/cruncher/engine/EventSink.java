package org.cruncher.engine;

/** Receives the engine's events on the engine thread. Must be quick. */
@FunctionalInterface
public interface EventSink {

    EventSink NONE = e -> { };

    void accept(EngineEvent event);
}
