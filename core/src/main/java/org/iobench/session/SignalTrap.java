package org.iobench.session;

import java.util.List;
import org.iobench.workload.RunControl;
import sun.misc.Signal;

/**
 * Ctrl-C, {@code kill}, {@code timeout}, systemd and CI runners: the first SIGINT, SIGTERM or SIGHUP asks the
 * running job to stop, so its partial result is printed, marked incomplete and saved, and the command exits
 * 128 + the signal's number (130, 143, 129). A second signal exits at once with that status (shutdown hooks still
 * remove scratch files).
 *
 * <p>A signal the process started with ignored stays ignored (the JVM declines to handle it): a background job of
 * a non-interactive shell ignores SIGINT, and {@code nohup} ignores SIGHUP, as their callers expect.
 */
final class SignalTrap {
    /** The signals handled, with their Linux numbers (the same on x86_64 and aarch64). */
    private record Trapped(String name, int number) {}

    private static final List<Trapped> SIGNALS = List.of(
            new Trapped("INT", 2), new Trapped("TERM", 15), new Trapped("HUP", 1));

    private SignalTrap() {}

    static void install(RunControl control) {
        for (Trapped s : SIGNALS) {
            try {
                Signal.handle(new Signal(s.name()), signal -> {
                    if (control.interrupted()) {
                        System.exit(128 + s.number());
                    }
                    control.interrupt("SIG" + s.name());
                });
            } catch (IllegalArgumentException e) {
                // the JVM uses this signal itself (-Xrs, an agent): its default behaviour stays
            }
        }
    }

    /** The exit status after {@code control} was interrupted by a signal: 128 + its number. */
    static int exitStatus(RunControl control) {
        String by = control.interruptedBy();
        for (Trapped s : SIGNALS) {
            if (("SIG" + s.name()).equals(by)) {
                return 128 + s.number();
            }
        }
        return ExitException.INTERRUPTED;
    }
}
