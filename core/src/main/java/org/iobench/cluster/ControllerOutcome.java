package org.iobench.cluster;

import java.util.List;

/**
 * What a controller got back from its hosts, before anything is decoded or aggregated.
 *
 * @param jobId       the job's random id (also the {@code cluster} label of the stored runs)
 * @param hosts       one entry per host, in {@code --hosts} order
 * @param starts      the start skew measured at each barrier released
 * @param interrupted the controller was stopped (Ctrl-C, SIGTERM) and told the hosts to stop
 */
public record ControllerOutcome(String jobId, List<HostOutcome> hosts, List<StartSkew> starts, boolean interrupted) {
    public ControllerOutcome {
        hosts = List.copyOf(hosts);
        starts = List.copyOf(starts);
    }

    /** How a host's part ended. */
    public enum State {
        /** The job ran and its result came back (possibly incomplete: see status). */
        DONE,
        /** The host refused the job before any I/O. */
        REFUSED,
        /** The host did not answer the job at all (not signed with its secret?). */
        SILENT,
        /** The host was lost mid-job: its connection closed or its heartbeats stopped. */
        LOST
    }

    /**
     * One host's part.
     *
     * @param status       the host's exit status (as a local run's) when DONE or REFUSED
     * @param message      why it failed, was refused or was lost; else null
     * @param resultJson   its JSON result document when DONE
     * @param lastProgress its last progress report (the partial figures of a lost host), or null
     * @param lastRun      the job and run that last progress belongs to, or null
     */
    public record HostOutcome(HostAddress host, State state, int status, String message, String resultJson,
                              List<Msg.EncodedLatencies> latencies, List<String> environments,
                              Msg.Progress lastProgress, String lastRun) {
        public HostOutcome {
            latencies = latencies == null ? List.of() : List.copyOf(latencies);
            environments = environments == null ? List.of() : List.copyOf(environments);
        }
    }

    /**
     * The spread of the hosts' measured-phase starts at one barrier, on the controller's clock.
     *
     * @param barrier          0 for the first run released, 1 for the next...
     * @param job              the job's name
     * @param run              its repetition
     * @param skewNanos        latest start of the measured phase minus the earliest
     * @param releaseSkewNanos the same for the moments the barrier let each host go (the barrier's own precision;
     *                         the rest of {@code skewNanos} is each host's set-up between release and start)
     * @param uncertaintyNanos how well the clock offsets are known: half the largest round trip of the best probes
     * @param earliest         the host that started first
     * @param latest           the host that started last
     */
    public record StartSkew(int barrier, String job, int run, long skewNanos, long releaseSkewNanos,
                            long uncertaintyNanos, String earliest, String latest) {}
}
