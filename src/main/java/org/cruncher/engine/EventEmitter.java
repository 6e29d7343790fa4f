package org.cruncher.engine;

import java.util.function.Supplier;

import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * How a part of the engine reports what it did, at the engine's time. The reason is always an enum constant (null
 * for none), so that the window can put it in words; the detail is only worked out if someone listens.
 */
@FunctionalInterface
interface EventEmitter {

    void emit(EventKind kind, Project p, Result r, ResourceType type, Enum<?> reason, Supplier<String> detail);
}
