package org.iobench.catalog;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * An engine as the rest of iobench knows it: its name, what it is ({@link EngineFlag flags}) and the names fio's job
 * files and JSON give it. Each engine states its own once, on its provider; a job records the description of its
 * engine ({@code JobSpec.engine()}), so what reads a job or its result asks flags, not names.
 *
 * @param name     the name users type, {@code --engine NAME}
 * @param title    how messages and titles name it ({@code io_uring}); the name when it has no other
 * @param fioNames fio's {@code ioengine=} names that mean this engine, in the order messages list them (fio's
 *                 {@code psync}, {@code sync}, {@code pvsync}... are all iobench's {@code psync})
 * @param flags    what it is
 * @param runnable false for engines of fio that iobench knows only to read their results ({@code net}, {@code rdma})
 */
public record EngineDescription(String name, String title, List<String> fioNames, Set<EngineFlag> flags,
                                boolean runnable) {
    public EngineDescription {
        Objects.requireNonNull(name, "name");
        title = title == null ? name : title;
        fioNames = fioNames.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
        flags = flags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(flags));
    }

    /** An engine iobench runs. */
    public static EngineDescription of(String name, String title, List<String> fioNames, EngineFlag... flags) {
        return new EngineDescription(name, title, fioNames, Set.of(flags), true);
    }

    /** An engine of fio that iobench does not run, known to classify the runs it imports. */
    public static EngineDescription foreign(String fioName, EngineFlag... flags) {
        return new EngineDescription(fioName, fioName, List.of(fioName), Set.of(flags), false);
    }

    /** A name nothing describes (an engine of another tool, a stored run's): flags none, a storage engine. */
    public static EngineDescription unknown(String name) {
        return new EngineDescription(name, name, List.of(), Set.of(), false);
    }

    /** This description under another recorded name (fio's {@code io_uring} for iobench's uring engine). */
    public EngineDescription named(String recorded) {
        return recorded.equals(name) ? this : new EngineDescription(recorded, title, fioNames, flags, runnable);
    }

    public boolean has(EngineFlag flag) {
        return flags.contains(flag);
    }

    /**
     * At queue depth {@code iodepth} the engine answers fio's requests as queued ({@code FIO_Q_QUEUED}), so fio's
     * {@code do_io} counts their bytes as issued; a synchronous engine completes each one inside its call, and so
     * does a diskless engine without {@code FIO_SYNCIO} (fio's null) at depth 1.
     */
    public boolean queuesAt(int iodepth) {
        return !has(EngineFlag.SYNC) && !(has(EngineFlag.DISKLESS) && iodepth == 1);
    }

    /** False for engines whose runs move no data to or from storage ({@link EngineFlag#DISKLESS}). */
    public boolean storesData() {
        return !has(EngineFlag.DISKLESS);
    }

    /** False when reads return no data to check: a diskless engine, or one whose I/O is other calls. */
    public boolean transfersData() {
        return storesData() && !has(EngineFlag.NO_DATA);
    }

    /** True when fio's {@code ioengine=fioName} means this engine. */
    public boolean answersTo(String fioName) {
        return fioNames.contains(fioName.toLowerCase(Locale.ROOT));
    }
}
