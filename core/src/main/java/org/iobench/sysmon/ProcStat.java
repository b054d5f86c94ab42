package org.iobench.sysmon;

/**
 * System-wide counters from {@code /proc/stat}.
 *
 * @param cpu             aggregate CPU time, clock ticks since boot
 * @param interrupts      total interrupts serviced since boot (first number of the {@code intr} line)
 * @param contextSwitches context switches since boot ({@code ctxt})
 * @param procsRunning    runnable tasks right now ({@code procs_running}, vmstat {@code r}); -1 if absent
 * @param procsBlocked    tasks blocked on I/O right now ({@code procs_blocked}, vmstat {@code b}); -1 if absent
 * @param bootTimeEpochSeconds boot time, seconds since the epoch ({@code btime}); -1 if absent
 */
public record ProcStat(CpuTicks cpu, long interrupts, long contextSwitches, long procsRunning, long procsBlocked,
                       long bootTimeEpochSeconds) {

    /** Parses {@code /proc/stat} text; missing lines give 0 (counters) or -1 (gauges). */
    public static ProcStat parse(String text) {
        int cpuLine = Fields.lineStartingWith(text, "cpu");
        CpuTicks cpu = cpuLine < 0 ? CpuTicks.ZERO : CpuTicks.parseLine(text, cpuLine);
        return new ProcStat(cpu,
                Fields.valueOf(text, "intr", 0),
                Fields.valueOf(text, "ctxt", 0),
                Fields.valueOf(text, "procs_running", -1),
                Fields.valueOf(text, "procs_blocked", -1),
                Fields.valueOf(text, "btime", -1));
    }
}
