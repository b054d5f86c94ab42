package org.iobench.engine;

/** An engine name that is not registered; the one message for it, naming the option and the engines known. */
public final class UnknownEngineException extends IllegalArgumentException {
    UnknownEngineException(String name) {
        super("--engine " + name + ": unknown engine (known: " + String.join(", ", Engines.names()) + ")");
    }
}
