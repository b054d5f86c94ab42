package org.iobench.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.iobench.job.Durations;
import org.iobench.job.JobSpec;
import org.iobench.report.Units;
import org.iobench.result.RunResult;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunListener;

/**
 * A live line on stderr while a run goes on: which point of how many (runs over all jobs), elapsed time, bytes
 * so far, the last half-second's rate, and an ETA once one point has finished (average time per point so far
 * times the points left). Only on a terminal, and not with {@code --quiet}; rewritten in place with a carriage
 * return and erased at the end.
 */
final class ProgressLine implements RunListener {
    private final PrintStream err;
    private final int totalPoints;
    private final long startNanos = System.nanoTime();
    private int donePoints;
    private Thread ticker;

    ProgressLine(PrintStream err, int totalPoints) {
        this.err = err;
        this.totalPoints = totalPoints;
    }

    @Override
    public void runStarted(JobSpec spec, int run, LiveView live) {
        String eta = "";
        if (donePoints > 0 && totalPoints > donePoints) {
            long perPoint = (System.nanoTime() - startNanos) / donePoints;
            eta = ", ETA " + Durations.format(java.time.Duration.ofSeconds(
                    Math.round(perPoint * (double) (totalPoints - donePoints) / 1e9)));
        }
        String label = (totalPoints > 1 ? "[" + (donePoints + 1) + "/" + totalPoints + eta + "] " : "")
                + spec.name() + " run " + run + "/" + spec.timing().runs();
        ticker = Thread.ofPlatform().daemon().name("iobench-progress").start(() -> tick(label, live));
    }

    private void tick(String label, LiveView live) {
        long lastBytes = 0;
        long lastNanos = live.elapsedNanos();
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(500);
                long now = live.elapsedNanos();
                long bytes = live.bytes();
                double rate = now > lastNanos ? (bytes - lastBytes) * 1e9 / (now - lastNanos) : 0;
                String phase = now < 0 ? " (warm-up)" : "";
                err.print(String.format(Locale.ROOT, "\r\033[K%s: %.1f s%s, %s, %s", label, Math.max(0, now) / 1e9,
                        phase, Units.sizeBinary(bytes), Units.rateDecimal(rate)));
                err.flush();
                lastBytes = bytes;
                lastNanos = now;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void runEnded(JobSpec spec, RunResult result) {
        donePoints++;
        if (ticker != null) {
            ticker.interrupt();
            try {
                ticker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            err.print("\r\033[K");
            err.flush();
        }
    }
}
