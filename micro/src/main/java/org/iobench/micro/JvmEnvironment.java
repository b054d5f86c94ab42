package org.iobench.micro;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run happened, so results compare across JVMs and machines. Unknown text fields are empty strings.
 *
 * @param systemLoadAverage the one-minute load average when the run started (NaN if unknown): a run on a busy
 *                          machine explains itself
 */
public record JvmEnvironment(String jvmName, String jvmVendor, String jvmVersion, String javaVersion,
                             List<String> jvmArgs, String osName, String osVersion, String osArch,
                             int availableProcessors, String cpuModel, double systemLoadAverage) {

    public JvmEnvironment {
        jvmArgs = List.copyOf(jvmArgs);
    }

    public static JvmEnvironment current() {
        List<String> args;
        try {
            args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        } catch (RuntimeException | LinkageError e) { // java.management absent in a trimmed runtime
            args = List.of();
        }
        return new JvmEnvironment(prop("java.vm.name"), prop("java.vm.vendor"), prop("java.vm.version"),
                prop("java.version"), args, prop("os.name"), prop("os.version"), prop("os.arch"),
                Runtime.getRuntime().availableProcessors(), readCpuModel(), loadAverage());
    }

    /** The one-minute load average now, NaN if unknown. */
    static double loadAverage() {
        try {
            double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return load < 0 ? Double.NaN : load;
        } catch (RuntimeException | LinkageError e) {
            return Double.NaN;
        }
    }

    private static String prop(String key) {
        return System.getProperty(key, "");
    }

    private static String readCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: unknown
        }
        return "";
    }
}
