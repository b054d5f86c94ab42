package org.iobench.sysmon;

/**
 * {@code /proc/loadavg}: {@code "0.15 0.09 0.03 3/85 3297"}.
 *
 * @param oneMinute       exponentially-damped run-queue length over 1 minute (includes tasks in D state)
 * @param fiveMinutes     over 5 minutes
 * @param fifteenMinutes  over 15 minutes
 * @param runnableEntities currently runnable scheduling entities; -1 if absent
 * @param totalEntities    scheduling entities that exist; -1 if absent
 * @param lastPid          most recently created PID; -1 if absent
 */
public record LoadAverage(double oneMinute, double fiveMinutes, double fifteenMinutes, long runnableEntities,
                          long totalEntities, long lastPid) {

    /** Parses {@code /proc/loadavg}; unparsable values are NaN or -1. */
    public static LoadAverage parse(String text) {
        String[] f = text.strip().split("\\s+");
        long runnable = -1;
        long total = -1;
        if (f.length > 3) {
            int slash = f[3].indexOf('/');
            if (slash > 0) {
                runnable = Fields.parseUnsigned(f[3], 0, slash, -1);
                total = Fields.parseUnsigned(f[3], slash + 1, f[3].length(), -1);
            }
        }
        return new LoadAverage(d(f, 0), d(f, 1), d(f, 2), runnable, total,
                f.length > 4 ? Fields.parseUnsigned(f[4], 0, f[4].length(), -1) : -1);
    }

    private static double d(String[] f, int i) {
        try {
            return i < f.length ? Double.parseDouble(f[i]) : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
