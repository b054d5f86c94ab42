package org.iobench.micro;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Function;

/** Makes one {@link LoopTemplate} copy per variant (see there why). */
final class Loops {

    private static final byte[] TEMPLATE = readTemplate();

    private Loops() {
    }

    /**
     * A timing loop of its own for {@code body}. Falls back to a shared {@link LoopTemplate} (correct, but with a
     * shared type profile) when the class bytes cannot be read, e.g. after an obfuscating shade.
     */
    @SuppressWarnings("unchecked")
    static OpTimer newLoop(Function<?, ?> body, Object input, Blackhole sink) {
        Function<Object, Object> f = (Function<Object, Object>) body;
        if (TEMPLATE != null) {
            try {
                MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(TEMPLATE, true);
                MethodHandle ctor = hidden.findConstructor(hidden.lookupClass(),
                        MethodType.methodType(void.class, Function.class, Object.class, Blackhole.class));
                return (OpTimer) ctor.invoke(f, input, sink);
            } catch (Throwable e) {
                // fall through to the shared loop
            }
        }
        return new LoopTemplate(f, input, sink);
    }

    /** Whether loops get their own class (false means the shared fallback is in use). */
    static boolean ownClassPerVariant() {
        return TEMPLATE != null;
    }

    private static byte[] readTemplate() {
        try (InputStream in = LoopTemplate.class.getResourceAsStream("LoopTemplate.class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
