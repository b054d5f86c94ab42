package org.iobench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.iobench.clock.NanoClock;
import org.iobench.format.Format;
import org.iobench.sysmon.Auxv;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.DiskCounters;
import org.iobench.sysmon.DiskSample;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.SystemSample;
import org.iobench.sysmon.SystemSnapshot;
import org.iobench.sysmon.VmstatFormatter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iobench vmstat [INTERVAL [COUNT]] [--disk DEV]... [-t] [--format text|csv|json]}: procps vmstat's report,
 * plus optional iostat-like device lines, as text (with {@code vmstat -t}'s timestamps on request), CSV or JSON Lines. Like vmstat, the first report is the average since boot; without INTERVAL only that is printed;
 * without COUNT it runs until interrupted.
 */
@Command(name = "vmstat", mixinStandardHelpOptions = true,
        description = {"Report processes, memory, swap, block I/O, interrupts and CPU like procps vmstat, optionally"
                + " with iostat-like lines for block devices (--disk).",
                "Columns: r b (tasks runnable / blocked on I/O), swpd free buff cache (KiB),",
                "si so (KiB/s swapped in/out), bi bo (KiB/s read from / written to block devices),",
                "in cs (interrupts, context switches per second), us sy id wa st (%% of CPU time).",
                "The first line averages since boot, computed as procps-ng 4.0.2 does."})
public final class VmstatCommand implements Callable<Integer> {

    private static final List<Format> FORMATS = List.of(Format.TEXT, Format.CSV, Format.JSON);

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INTERVAL",
            description = "Seconds between reports (decimals allowed, e.g. 0.5).")
    String interval;

    @Parameters(index = "1", arity = "0..1", paramLabel = "COUNT",
            description = "Number of reports, the since-boot one included; default: until interrupted.")
    String count;

    @Option(names = "--disk", paramLabel = "DEV",
            description = "Also report this block device (vda, /dev/sdb1, or a path on its filesystem); repeatable.")
    List<String> disks = new ArrayList<>();

    @Option(names = {"-t", "--timestamp"},
            description = "Append the local time of each report to its line, as vmstat -t does.")
    boolean timestamps;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default, procps's layout), csv (a header row, then a row per report) or json"
                    + " (JSON Lines: one object per report); csv and json always carry each report's time.")
    String format;

    /** The longest one wait parks before it looks at the clock again. */
    private static final long MAX_PARK_NANOS = 100_000_000L;

    private final ProcFs proc;
    private final BlockDevices devices;
    private final NanoClock clock;
    private final Clock wallClock;

    public VmstatCommand() {
        this(ProcFs.system(), BlockDevices.system(), NanoClock.SYSTEM, Clock.systemDefaultZone());
    }

    /** @param clock the monotonic clock the reports are timed on, which waits for the next one (tests: no sleeps) */
    VmstatCommand(ProcFs proc, BlockDevices devices, NanoClock clock) {
        this(proc, devices, clock, Clock.systemDefaultZone());
    }

    /** @param wallClock the time and zone of each report ({@code -t}, CSV and JSON) */
    VmstatCommand(ProcFs proc, BlockDevices devices, NanoClock clock, Clock wallClock) {
        this.proc = proc;
        this.devices = devices;
        this.clock = clock;
        this.wallClock = wallClock;
    }

    @Override
    public Integer call() throws InterruptedException {
        long intervalNanos = interval == null ? 0 : parseInterval(interval);
        long reports = interval == null ? 1 : count == null ? Long.MAX_VALUE : parseCount(count);
        List<String> names = new ArrayList<>();
        for (String d : disks) {
            names.add(resolveDisk(d));
        }
        Format form = format == null ? Format.TEXT : Format.named(format, FORMATS).orElseThrow(
                () -> new ParameterException(spec.commandLine(),
                        "vmstat: --format '" + format + "' is not one of " + Format.list(FORMATS)));
        VmstatReport report = VmstatReport.of(form, timestamps, names, spec.commandLine().getOut());
        Auxv constants = proc.auxv();

        SystemSnapshot previous = SystemSnapshot.read(proc, names, clock.nanoTime());
        double uptimeSeconds = previous.uptimeSeconds();
        report.write(new VmstatReport.Report(ZonedDateTime.now(wallClock), true,
                VmstatFormatter.bootAverageValues(previous, constants),
                previous.disks().stream().map(d -> DiskSample.sinceBoot(d, uptimeSeconds)).toList()));
        long deadline = previous.monotonicNanos();
        for (long i = 1; i < reports; i++) {
            deadline += intervalNanos;
            waitUntil(deadline);
            SystemSnapshot next = SystemSnapshot.read(proc, names, clock.nanoTime());
            SystemSample sample = SystemSample.between(previous, next, constants);
            report.write(new VmstatReport.Report(ZonedDateTime.now(wallClock), false, VmstatFormatter.values(sample),
                    sample.disks()));
            previous = next;
        }
        return 0;
    }

    private long parseInterval(String text) {
        double seconds;
        try {
            seconds = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds > 0) || seconds > 86_400 || text.strip().matches(".*[a-zA-Z].*")) {
            throw new ParameterException(spec.commandLine(),
                    "vmstat: INTERVAL '" + text + "' is not a positive number of seconds (examples: 1, 0.5, 10)");
        }
        return Math.max(1_000_000L, Math.round(seconds * 1e9));
    }

    private long parseCount(String text) {
        try {
            long n = Long.parseLong(text);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through to the message
        }
        throw new ParameterException(spec.commandLine(),
                "vmstat: COUNT '" + text + "' is not a positive whole number of reports");
    }

    /** A device name, /dev path, or any path (resolved to the device under it) to a diskstats name. */
    private String resolveDisk(String dev) {
        Optional<BlockDevice> byName = devices.byName(dev);
        if (byName.isPresent()) {
            return byName.get().name();
        }
        Path p = Path.of(dev);
        if (Files.exists(p)) {
            DeviceResolution r = DeviceResolver.system().resolve(p);
            if (r.device().isPresent()) {
                return r.device().get().name();
            }
            throw new ParameterException(spec.commandLine(),
                    "vmstat: --disk '" + dev + "' has no block device: " + r.noDeviceReason().orElse("unknown"));
        }
        List<String> known = proc.diskCounters(null).stream().map(DiskCounters::name)
                .filter(n -> !n.startsWith("loop") && !n.startsWith("ram")).limit(8).toList();
        throw new ParameterException(spec.commandLine(),
                "vmstat: --disk '" + dev + "' is not a block device (known: " + String.join(", ", known) + ")");
    }

    /** Lets the clock pass to {@code deadlineNanos}; an interrupt ends the wait. */
    private void waitUntil(long deadlineNanos) throws InterruptedException {
        while (clock.nanoTime() < deadlineNanos) {
            clock.idle(deadlineNanos, MAX_PARK_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException("vmstat: interrupted");
            }
        }
    }
}
