package org.iobench.cli;

import org.iobench.workload.RunControl;
import sun.misc.Signal;

/**
 * Ctrl-C handling: the first SIGINT asks the running job to stop, so its partial result is printed and the
 * command exits 130; a second one exits at once (shutdown hooks still remove scratch files).
 */
final class SigintTrap {
    private SigintTrap() {}

    static void install(RunControl control) {
        Signal.handle(new Signal("INT"), signal -> {
            if (control.interrupted()) {
                System.exit(ExitException.INTERRUPTED);
            }
            control.interrupt();
        });
    }
}
