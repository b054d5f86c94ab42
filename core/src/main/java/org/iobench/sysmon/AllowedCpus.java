package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/** The CPUs this process may run on: {@code Cpus_allowed_list} of {@code /proc/self/status} (its affinity, cpuset). */
public final class AllowedCpus {
    private final BitSet cpus;
    private final String text;

    private AllowedCpus(BitSet cpus, String text) {
        this.cpus = cpus;
        this.text = text;
    }

    /** This process's; everything allowed (an empty text) when the file cannot be read. */
    public static AllowedCpus ofThisProcess() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parse(line.substring(line.indexOf(':') + 1).strip());
                }
            }
        } catch (IOException | SecurityException e) {
            // unknown: allow any and let the kernel answer
        }
        return new AllowedCpus(null, "");
    }

    /** A list as the kernel prints it: {@code 0-3,8,10-11}. */
    public static AllowedCpus parse(String list) {
        BitSet set = new BitSet();
        for (String part : list.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            set.set(from, to + 1);
        }
        return new AllowedCpus(set, list);
    }

    /** True when {@code cpu} is one this process may run on (or the list is unknown). */
    public boolean allows(int cpu) {
        return cpus == null || cpu >= 0 && cpus.get(cpu);
    }

    /** The list as read ({@code 0-1}), empty when unknown. */
    public String text() {
        return text;
    }
}
