package org.iobench.sysmon;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Formats samples as procps-ng {@code vmstat} 4.0.2 does (the version Debian 12 ships): the same two header lines,
 * the same column widths (a too-wide number pushes the rest of the line right), the same integer rounding of CPU
 * percentages. Plus an {@code iostat -x}-like device line.
 *
 * <pre>{@code
 * procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
 *  r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
 *  1  0      0 24262520  11224 341852    0    0  1523   554  272  630  7  3 89  1  0
 * }</pre>
 *
 * <p>procps ≥ 4.0.3 adds a {@code gu} (guest) column and widens the cpu group to {@code -------cpu-------}; this
 * formatter follows 4.0.2, without {@code gu}, whose guest time is still subtracted from {@code us}.
 */
public final class VmstatFormatter {

    /** First header line, procps-ng 4.0.2. */
    public static final String GROUP_HEADER =
            "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----";

    private static final String[] NAMES =
            {"r", "b", "swpd", "free", "buff", "cache", "si", "so", "bi", "bo", "in", "cs", "us", "sy", "id", "wa", "st"};
    private static final int[] WIDTHS = {2, 2, 6, 6, 6, 6, 4, 4, 5, 5, 4, 4, 2, 2, 2, 2, 2};

    /** {@code vmstat -t}'s heading of the timestamp column, appended to the first header line. */
    public static final String TIMESTAMP_GROUP = " -----timestamp-----";

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

    /** Second header line, the column names right-aligned to their widths. */
    public static final String COLUMN_HEADER = columnHeader();

    private VmstatFormatter() {
    }

    private static String columnHeader() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < NAMES.length; i++) {
            b.append(" ".repeat(WIDTHS[i] - NAMES[i].length())).append(NAMES[i]);
            if (i < NAMES.length - 1) {
                b.append(' ');
            }
        }
        return b.toString();
    }

    /** Both header lines, each ending in a newline. */
    public static String header() {
        return GROUP_HEADER + "\n" + COLUMN_HEADER + "\n";
    }

    /**
     * Both header lines with {@code vmstat -t}'s timestamp column, headed by the zone's abbreviation at {@code now}
     * ({@code strftime("%Z")}: UTC, CET, CEST...).
     */
    public static String header(ZonedDateTime now) {
        return GROUP_HEADER + TIMESTAMP_GROUP + "\n" + COLUMN_HEADER + " "
                + String.format(Locale.ROOT, "%" + (TIMESTAMP_GROUP.length() - 1) + "s", zoneAbbreviation(now)) + "\n";
    }

    /** The column names of {@link #header()}'s second line, in order (vmstat's names). */
    public static List<String> columnNames() {
        return List.of(NAMES);
    }

    /** {@code vmstat -t}'s time of a report: local time as {@code %Y-%m-%d %H:%M:%S}, with a leading space. */
    public static String timestamp(ZonedDateTime time) {
        return " " + TIMESTAMP.format(time);
    }

    private static String zoneAbbreviation(ZonedDateTime now) {
        String name = DateTimeFormatter.ofPattern("zzz", Locale.ROOT).format(now);
        return name.equals("Z") ? "UTC" : name; // a bare offset zone: glibc's %Z names UTC so
    }

    /** A line for one interval (no trailing newline). Rates are rounded half up; CPU as procps does. */
    public static String line(SystemSample s) {
        return format(values(s));
    }

    /** The figures of {@link #line(SystemSample)}, in {@link #columnNames()}'s order, as vmstat rounds them. */
    public static long[] values(SystemSample s) {
        CpuTicks c = s.cpu();
        long total = c.vmstatTotal();
        return new long[]{
                nonNegative(s.procsRunning()), nonNegative(s.procsBlocked()),
                s.swapUsedKib(), nonNegative(s.freeKib()), nonNegative(s.buffersKib()), s.cacheKib(),
                round(s.swapInKibPerSecond()), round(s.swapOutKibPerSecond()),
                round(s.blockInKibPerSecond()), round(s.blockOutKibPerSecond()),
                round(s.interruptsPerSecond()), round(s.contextSwitchesPerSecond()),
                CpuTicks.procpsPercent(c.vmstatUser(), total, false),
                CpuTicks.procpsPercent(c.vmstatSystem(), total, false),
                CpuTicks.procpsPercent(c.idle(), total, true),
                CpuTicks.procpsPercent(c.iowait(), total, false),
                CpuTicks.procpsPercent(c.steal(), total, false)};
    }

    /**
     * vmstat's first line: "averages since boot", computed exactly as procps-ng 4.0.2 does. Note its quirk: rates
     * are {@code counter × USER_HZ / (all CPUs' ticks since boot)}, i.e. divided by uptime × number of CPUs, so on a
     * 2-CPU machine {@code bi}, {@code in}, {@code cs} show half the true per-second average. Rounded to nearest,
     * which is what 4.0.2 was observed to print (checked against it with bind-mounted fixture files).
     */
    public static String bootAverageLine(SystemSnapshot s, Auxv constants) {
        return format(bootAverageValues(s, constants));
    }

    /** The figures of {@link #bootAverageLine}, in {@link #columnNames()}'s order. */
    public static long[] bootAverageValues(SystemSnapshot s, Auxv constants) {
        CpuTicks c = s.stat().cpu();
        long total = c.vmstatTotal();
        long div = total == 0 ? 1 : total;
        long hz = constants.clockTicksPerSecond();
        long kibPerPage = constants.pageSizeBytes() / 1024;
        return new long[]{
                nonNegative(s.stat().procsRunning()), nonNegative(s.stat().procsBlocked()),
                s.mem().swapUsedKib(), nonNegative(s.mem().memFreeKib()), nonNegative(s.mem().buffersKib()),
                s.mem().cacheKib(),
                perCpuSecond(s.vm().swappedInPages() * kibPerPage, hz, div),
                perCpuSecond(s.vm().swappedOutPages() * kibPerPage, hz, div),
                perCpuSecond(s.vm().pagedInKib(), hz, div),
                perCpuSecond(s.vm().pagedOutKib(), hz, div),
                perCpuSecond(s.stat().interrupts(), hz, div),
                perCpuSecond(s.stat().contextSwitches(), hz, div),
                CpuTicks.procpsPercent(c.vmstatUser(), total, false),
                CpuTicks.procpsPercent(c.vmstatSystem(), total, false),
                CpuTicks.procpsPercent(c.idle(), total, true),
                CpuTicks.procpsPercent(c.iowait(), total, false),
                CpuTicks.procpsPercent(c.steal(), total, false)};
    }

    /**
     * procps-ng 4.0.2's {@code "%2lu %2lu %6lu %6lu %6lu %6lu %4u %4u %5u %5u %4u %4u %2u %2u %2u %2u %2u"}: fixed
     * minimum widths; a wider number just pushes the rest of the line right (later procps versions claw the space
     * back, 4.0.2 does not).
     */
    public static String format(long[] values) {
        StringBuilder b = new StringBuilder(96);
        for (int i = 0; i < values.length; i++) {
            String v = Long.toString(values[i]);
            b.append(" ".repeat(Math.max(0, WIDTHS[i] - v.length()))).append(v);
            if (i < values.length - 1) {
                b.append(' ');
            }
        }
        return b.toString();
    }

    private static long perCpuSecond(long counter, long hz, long cpuTicks) {
        return (counter * hz + cpuTicks / 2) / cpuTicks;
    }

    private static long round(double v) {
        return Double.isNaN(v) || v < 0 ? 0 : Math.round(v);
    }

    private static long nonNegative(long v) {
        return Math.max(0, v);
    }

    /** Header of the device table, {@code iostat -x} names; KiB = 1024 bytes. */
    public static String diskHeader() {
        return String.format(Locale.ROOT, "%-12s %9s %9s %11s %11s %8s %8s %8s %7s %6s",
                "Device", "r/s", "w/s", "rkB/s", "wkB/s", "r_await", "w_await", "await", "aqu-sz", "%util");
    }

    /** One device line under {@link #diskHeader()}; NaN awaits print as 0.00 and %util is capped at 100, as iostat does. */
    public static String diskLine(DiskSample d) {
        return String.format(Locale.ROOT, "%-12s %9.2f %9.2f %11.2f %11.2f %8.2f %8.2f %8.2f %7.2f %6.2f",
                d.name(), z(d.readsPerSecond()), z(d.writesPerSecond()), z(d.readKibPerSecond()),
                z(d.writeKibPerSecond()), z(d.readAwaitMillis()), z(d.writeAwaitMillis()), z(d.awaitMillis()),
                z(d.averageQueueSize()), Math.min(100.0, z(d.utilPercent())));
    }

    private static double z(double v) {
        return Double.isNaN(v) ? 0.0 : v;
    }
}
