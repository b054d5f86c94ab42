package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.List;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.InvalidJobException;
import org.iobench.job.Priorities;

/**
 * fio's I/O priority options, read as fio 3.33 reads them: {@code prioclass} and {@code prio} (the job's priority,
 * {@code ioprio_set} on its thread), and the libaio and io_uring engines' {@code cmdprio_percentage},
 * {@code cmdprio_class}, {@code cmdprio} and {@code cmdprio_bssplit} (per direction, {@code read,write}).
 */
final class FioPriorities {
    private static final List<String> CMDPRIO = List.of("cmdprio_percentage", "cmdprio_class", "cmdprio",
            "cmdprio_bssplit");
    private static final int RT = 1;

    private FioPriorities() {}

    /** The job's priorities, or null when it sets none; {@code engine} is the job's engine. */
    static Priorities of(FioJobOptions o, EngineDescription engine) {
        for (String name : CMDPRIO) {
            if (!engine.has(EngineFlag.PER_REQUEST_PRIORITY) && o.has(name)) {
                String engines = String.join(" and ", EngineCatalog.installed().with(EngineFlag.PER_REQUEST_PRIORITY)
                        .stream().map(d -> d.fioNames().getFirst()).toList());
                throw FioJobOptions.bad(o.setting(name).orElseThrow(), "an option of the " + engines + " engines, and"
                        + " the job's ioengine is " + o.value("ioengine").orElse(FioEngines.standard().name())
                        + " (fio refuses it too)");
            }
        }
        boolean setThread = o.has("prioclass") || o.has("prio");
        int defaultPrio = setThread ? value((int) ranged(o, "prioclass", 0, 3), (int) ranged(o, "prio", 0, 7)) : 0;
        int[] classes = perDirection(o, "cmdprio_class", 1, 3, RT); // fio: no class given is the real-time class
        int[] levels = perDirection(o, "cmdprio", 0, 7, 0);
        List<List<Priorities.Choice>> choices = List.of(new ArrayList<>(), new ArrayList<>());
        boolean percentage = o.has("cmdprio_percentage");
        if (percentage) {
            int[] percents = perDirection(o, "cmdprio_percentage", 0, 100, 0);
            for (int d = 0; d < 2; d++) {
                if (percents[d] > 0) {
                    choices.get(d).add(new Priorities.Choice(0, percents[d], value(classes[d], levels[d])));
                }
            }
        }
        if (o.has("cmdprio_bssplit")) {
            FioSetting s = o.setting("cmdprio_bssplit").orElseThrow();
            if (percentage && !s.value().isBlank()) {
                throw FioJobOptions.bad(s, "cmdprio_percentage and cmdprio_bssplit are mutually exclusive (fio"
                        + " refuses the job too)");
            }
            String[] parts = FioJobOptions.perDirection(s.value(), "");
            for (int d = 0; d < 2; d++) {
                bssplit(o, s, parts[d], value(classes[d], levels[d]), choices.get(d));
            }
        }
        if (!setThread && choices.get(0).isEmpty() && choices.get(1).isEmpty()) {
            return null;
        }
        try {
            return new Priorities(defaultPrio, setThread, choices.get(0), choices.get(1));
        } catch (InvalidJobException e) {
            FioSetting s = o.setting("cmdprio_bssplit").or(() -> o.setting("cmdprio_percentage")).orElseThrow();
            throw FioJobOptions.bad(s, e.getMessage());
        }
    }

    /**
     * One direction of {@code cmdprio_bssplit}: {@code bs/perc} entries take the implicit priority (from
     * {@code cmdprio_class}/{@code cmdprio}), {@code bs/perc/class/level} their own (class above 3 taken as 3, level
     * above 7 as 7, as fio clamps them); entries of 0 % are left out. A fifth field, the priority hint of later fio
     * versions, is taken when it is 0 (no hint: what fio 3.33, which stops reading after the level, sends too).
     */
    private static void bssplit(FioJobOptions o, FioSetting s, String list, int implicit,
                                List<Priorities.Choice> out) {
        for (String entry : list.split(":")) {
            if (entry.isBlank()) {
                break; // fio stops at an empty entry
            }
            String[] f = entry.strip().split("/", -1);
            if (f.length == 3 || f.length > 5 || f[0].isBlank()) {
                throw FioJobOptions.bad(s, "'" + entry + "': an entry is bs/percentage, bs/percentage/class/level"
                        + " or bs/percentage/class/level/hint (fio: invalid cmdprio_bssplit format)");
            }
            if (f.length == 5 && !f[4].isBlank() && whole(s, f[4]) != 0) {
                throw FioJobOptions.bad(s, "'" + entry + "': iobench sends no priority hint (the fifth field; fio"
                        + " 3.33 drops it, later fio sends it with the priority): give 0 or leave it out");
            }
            long bs = o.size(s, f[0]);
            int perc = f.length < 2 || f[1].isBlank() ? 0 : (int) Math.min(100, whole(s, f[1]));
            int prio = f.length >= 4 ? value((int) Math.min(3, whole(s, f[2])), (int) Math.min(7, whole(s, f[3])))
                    : implicit;
            if (perc > 0) {
                out.add(new Priorities.Choice(bs, perc, prio));
            }
        }
    }

    private static long whole(FioSetting s, String text) {
        try {
            return Long.parseUnsignedLong(text.strip());
        } catch (NumberFormatException e) {
            throw FioJobOptions.bad(s, "'" + text + "' is not a whole number");
        }
    }

    /** fio's {@code ioprio_value}: class 0 is best-effort. */
    private static int value(int ioClass, int level) {
        return (ioClass == 0 ? 2 : ioClass) << 13 | level;
    }

    private static long ranged(FioJobOptions o, String name, long min, long max) {
        long v = o.number(name, 0);
        if (v < min || v > max) {
            throw FioJobOptions.bad(o.setting(name).orElseThrow(), "must be " + min + ".." + max);
        }
        return v;
    }

    /** A per-direction whole number ({@code read,write}) in min..max; {@code absent} where not given. */
    private static int[] perDirection(FioJobOptions o, String name, int min, int max, int absent) {
        FioSetting s = o.setting(name).orElse(null);
        int[] out = {absent, absent};
        if (s == null) {
            return out;
        }
        String[] parts = FioJobOptions.perDirection(s.value(), "");
        for (int d = 0; d < 2; d++) {
            if (!parts[d].isEmpty()) {
                long v = whole(s, parts[d]);
                if (v < min || v > max) {
                    throw FioJobOptions.bad(s, "must be " + min + ".." + max + (parts.length > 1 ? " per direction"
                            : ""));
                }
                out[d] = (int) v;
            }
        }
        return out;
    }
}
