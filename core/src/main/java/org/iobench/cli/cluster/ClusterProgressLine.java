package org.iobench.cli.cluster;

import java.io.PrintStream;
import java.util.Locale;
import org.iobench.cluster.Live;
import org.iobench.report.Units;

/**
 * The live line of a multi-host run on stderr: the run, the longest elapsed time, the aggregate rate of all hosts
 * over their last second, and the slowest host. Only on a terminal, not with {@code --quiet}.
 */
final class ClusterProgressLine {
    private final PrintStream err;

    ClusterProgressLine(PrintStream err) {
        this.err = err;
    }

    void show(Live live) {
        if (live.hosts().isEmpty()) {
            return;
        }
        err.print("\r\033[K" + text(live));
        err.flush();
    }

    static String text(Live live) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s run %d: %.1f s, %d hosts: %s, %s IOPS",
                live.job(), live.run(), live.elapsedNanos() / 1e9, live.hosts().size(),
                Units.rateDecimal(live.bytesPerSecond()), Units.sig3(live.opsPerSecond())));
        Live.HostRate slow = live.slowest();
        if (slow != null) {
            b.append("; slowest ").append(slow.host()).append(' ').append(Units.rateDecimal(slow.bytesPerSecond()));
        }
        long lost = live.hosts().stream().filter(Live.HostRate::lost).count();
        if (lost > 0) {
            b.append("; ").append(lost).append(" lost");
        }
        return b.toString();
    }

    void clear() {
        err.print("\r\033[K");
        err.flush();
    }
}
