package org.cruncher.engine.api;

/** Receives the engine's events on the engine thread. Must be quick. */
@FunctionalInterface
public interface EventSink {

    EventSink NONE = e -> { };

    void accept(EngineEvent event);
}
