package org.iobench.sysmon;

/**
 * The aggregate {@code cpu} line of {@code /proc/stat}, in clock ticks (USER_HZ: 100 per second on Linux x86_64
 * and arm64, whatever the kernel's internal HZ). Fields a kernel does not report (steal before 2.6.11, guest before
 * 2.6.24, guest_nice before 2.6.33) are 0.
 *
 * <p>Percentages follow procps {@code vmstat}: {@code us} = user + nice − guest − guest_nice, {@code sy} = system +
 * irq + softirq, and the divisor is us + sy + id + wa + st (guest time is already inside user).
 */
public record CpuTicks(long user, long nice, long system, long idle, long iowait, long irq, long softirq,
                       long steal, long guest, long guestNice) {

    /** All zero. */
    public static final CpuTicks ZERO = new CpuTicks(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Parses the first line of {@code /proc/stat} text starting at {@code lineStart} ({@code "cpu  2248 0 982 ..."}). */
    static CpuTicks parseLine(String s, int lineStart) {
        long[] v = new long[10];
        for (int i = 0; i < 10; i++) {
            v[i] = Fields.nthNumber(s, lineStart, i + 1, 0);
        }
        return new CpuTicks(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
    }

    /**
     * The ticks from {@code earlier} to this reading. A counter that went backwards (idle can, briefly, on some
     * kernels) gives 0 for that field rather than a negative number.
     */
    public CpuTicks minus(CpuTicks earlier) {
        return new CpuTicks(d(user, earlier.user), d(nice, earlier.nice), d(system, earlier.system),
                d(idle, earlier.idle), d(iowait, earlier.iowait), d(irq, earlier.irq), d(softirq, earlier.softirq),
                d(steal, earlier.steal), d(guest, earlier.guest), d(guestNice, earlier.guestNice));
    }

    private static long d(long now, long before) {
        return Math.max(0, now - before);
    }

    /** vmstat's {@code us} ticks: user + nice − guest − guest_nice (never negative). */
    public long vmstatUser() {
        return Math.max(0, user + nice - guest - guestNice);
    }

    /** vmstat's {@code sy} ticks: system + irq + softirq. */
    public long vmstatSystem() {
        return system + irq + softirq;
    }

    /** vmstat's divisor: us + sy + id + wa + st ticks, before guest is subtracted from us (as procps does). */
    public long vmstatTotal() {
        return user + nice + vmstatSystem() + idle + iowait + steal;
    }

    /** Exact percentages: {@code us}, NaN if no ticks elapsed. */
    public double userPercent() {
        return percent(vmstatUser());
    }

    /** {@code sy} percent, NaN if no ticks elapsed. */
    public double systemPercent() {
        return percent(vmstatSystem());
    }

    /** {@code id} percent, NaN if no ticks elapsed. */
    public double idlePercent() {
        return percent(idle);
    }

    /** {@code wa} percent (CPU idle while some task waited for I/O), NaN if no ticks elapsed. */
    public double iowaitPercent() {
        return percent(iowait);
    }

    /** {@code st} percent (time a hypervisor ran someone else), NaN if no ticks elapsed. */
    public double stealPercent() {
        return percent(steal);
    }

    private double percent(long ticks) {
        long total = vmstatTotal();
        return total == 0 ? Double.NaN : 100.0 * ticks / total;
    }

    /**
     * procps's integer rounding, {@code (100 * ticks + total / 2) / total}; with no ticks elapsed procps counts one
     * idle tick, so this gives 100 for idle and 0 for the rest.
     */
    public static long procpsPercent(long ticks, long total, boolean isIdle) {
        if (total == 0) {
            return isIdle ? 100 : 0;
        }
        return (100 * ticks + total / 2) / total;
    }
}
