package org.iobench.advise;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.iobench.result.Finding;

/**
 * {@code overlapped}: a run that used its device while other iobench runs used it too (ten {@code dd}s started
 * apart from the shell). Each measured a share of the device; stored as repetitions of one workload, they read as a
 * slow device. Not a rule over one result: the store finds the runs whose spans met on the same device when the
 * later one is saved (store.Overlaps), and this writes the finding, certain (the spans and the device are facts of
 * the runs), for each of them.
 */
public final class Overlapped {
    public static final String ID = "overlapped";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);
    private static final int LISTED = 5;

    /** A stored run and its span: first repetition's start to the last one's end. */
    public record Span(long id, String name, Instant start, Instant end) {}

    private Overlapped() {}

    /**
     * The finding about {@code run}, which ran on {@code device} while {@code others} did (never empty).
     *
     * @param device the host and disk ({@code build1/vda})
     */
    public static Finding finding(Span run, String device, List<Span> others) {
        String disk = device.substring(device.indexOf('/') + 1);
        StringBuilder evidence = new StringBuilder("this run (").append(run.id()).append(") ")
                .append(TIME.format(run.start())).append("-").append(CLOCK.format(run.end())).append(" UTC");
        for (Span o : others.subList(0, Math.min(LISTED, others.size()))) {
            evidence.append("; run ").append(o.id()).append(" (").append(o.name()).append(") ")
                    .append(CLOCK.format(o.start())).append("-").append(CLOCK.format(o.end()));
        }
        if (others.size() > LISTED) {
            evidence.append("; and ").append(others.size() - LISTED).append(" more");
        }
        String n = others.size() == 1 ? "another iobench run" : others.size() + " other iobench runs";
        return new Finding(ID, "ran while " + n + " used " + disk + ": each measured a share of the device, so"
                + " its figure is not the device's and they are not repetitions of one another",
                evidence.toString(), "run them one after the other; to load the device together on purpose, put"
                + " them in one stage of a job file (iobench run JOBFILE reports the group's total)", run.name(),
                null, List.of(), Finding.Confidence.CERTAIN, Finding.Severity.WARNING);
    }
}
