package org.iobench.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/**
 * The calling thread's timer slack ({@code prctl(PR_SET_TIMERSLACK)}): how late the kernel may fire its sleeps to
 * batch wake-ups, 50 µs by default. A paced worker sleeping until each request's due time lowers it, so its
 * requests leave close to their intended start.
 */
public final class TimerSlack {
    private static final int PR_SET_TIMERSLACK = 29;
    private static final MethodHandle PRCTL = Libc.plainCall("prctl",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), Linker.Option.firstVariadicArg(1));

    private TimerSlack() {}

    /** Sets this thread's timer slack; false where the kernel refused (the default slack then stays). */
    public static boolean set(long nanos) {
        try {
            return (int) PRCTL.invokeExact(PR_SET_TIMERSLACK, nanos) == 0;
        } catch (Throwable t) {
            return false;
        }
    }
}
