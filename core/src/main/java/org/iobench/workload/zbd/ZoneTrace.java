package org.iobench.workload.zbd;

/**
 * Hears the zone events of emulated zones as they happen, each as the line fio 3.33's {@code --debug=zbd} prints
 * for it (the text of its {@code dprint(FD_ZBD, ...)}, without fio's category and thread prefix): a zone opened,
 * closed or reset, a writing job's file reset, the zones a verifying job resets, a trim moved to a zone with data,
 * and a file's zone set-up. Called on the thread the event happens on, under the zones' lock.
 */
@FunctionalInterface
public interface ZoneTrace {
    /** Hears nothing. */
    ZoneTrace NONE = line -> {};

    void line(String text);
}
