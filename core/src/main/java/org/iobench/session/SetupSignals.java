package org.iobench.session;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT, SIGTERM and SIGHUP while a command gets ready to run (waiting for a result database another process holds
 * locked, up to SQLite's busy timeout): one line saying what it was doing and that nothing was measured, then exit
 * 128 + the signal's number, as {@link SignalTrap} exits once runs have started. Without it the JVM's default
 * handling exits with the same status and no word.
 */
public final class SetupSignals {
    private static final String[] NAMES = {"INT", "TERM", "HUP"};
    private static final int[] NUMBERS = {2, 15, 1};

    private SetupSignals() {}

    /**
     * Runs {@code body} with the signals handled so; the handlers before it are restored after it.
     *
     * @param doing what the command waits for, for the line ({@code "opening the result database F"})
     */
    public static void whileWaiting(String doing, Runnable body) {
        List<Runnable> restore = new ArrayList<>();
        for (int i = 0; i < NAMES.length; i++) {
            String name = NAMES[i];
            int number = NUMBERS[i];
            try {
                Signal signal = new Signal(name);
                SignalHandler before = Signal.handle(signal, s -> {
                    System.err.println("iobench: interrupted by SIG" + name + " while " + doing
                            + "; nothing was measured or saved");
                    System.err.flush();
                    System.exit(128 + number);
                });
                if (before == SignalHandler.SIG_IGN) {
                    Signal.handle(signal, SignalHandler.SIG_IGN); // started ignored: stays ignored (nohup, &)
                }
                restore.add(() -> Signal.handle(signal, before));
            } catch (IllegalArgumentException e) {
                // the JVM uses this signal itself (-Xrs, an agent): its default behaviour stays
            }
        }
        try {
            body.run();
        } finally {
            restore.forEach(Runnable::run);
        }
    }
}
