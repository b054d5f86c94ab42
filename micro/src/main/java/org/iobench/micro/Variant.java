package org.iobench.micro;

import java.util.function.Function;

/** A named piece of code to compare: it turns the suite's input into a result. */
public record Variant<I, R>(String name, Function<? super I, ? extends R> body) {

    public Variant {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("variant name must not be blank: name=" + name);
        }
        if (body == null) {
            throw new IllegalArgumentException("variant '" + name + "': body must not be null");
        }
    }
}
