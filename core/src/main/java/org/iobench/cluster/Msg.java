package org.iobench.cluster;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * The messages between a controller and its agents, as JSON ({@code "type"} names the kind). Every one belongs to a
 * job (a random id the controller makes); times in {@code ...AgentNanos} are on the agent's {@link SessionClock}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Msg.Job.class, name = "job"),
        @JsonSubTypes.Type(value = Msg.Start.class, name = "start"),
        @JsonSubTypes.Type(value = Msg.Ping.class, name = "ping"),
        @JsonSubTypes.Type(value = Msg.Go.class, name = "go"),
        @JsonSubTypes.Type(value = Msg.Stop.class, name = "stop"),
        @JsonSubTypes.Type(value = Msg.Accepted.class, name = "accepted"),
        @JsonSubTypes.Type(value = Msg.Refused.class, name = "refused"),
        @JsonSubTypes.Type(value = Msg.Pong.class, name = "pong"),
        @JsonSubTypes.Type(value = Msg.Ready.class, name = "ready"),
        @JsonSubTypes.Type(value = Msg.Started.class, name = "started"),
        @JsonSubTypes.Type(value = Msg.Progress.class, name = "progress"),
        @JsonSubTypes.Type(value = Msg.Done.class, name = "done")})
public sealed interface Msg {
    String jobId();

    // controller -> agent

    /** Run this job: a command ({@code run}, {@code suite}) and its arguments, checked but not yet started. */
    record Job(String jobId, JobRequest request) implements Msg {}

    /** Every host accepted the job: begin (prepare the target, then wait at the first barrier). */
    record Start(String jobId) implements Msg {}

    /** Clock probe: answer with a {@link Pong} at once. */
    record Ping(String jobId, long pingId) implements Msg {}

    /** Release the run waiting at {@code barrier} when the agent's clock reads {@code startAtAgentNanos}. */
    record Go(String jobId, int barrier, long startAtAgentNanos) implements Msg {}

    /** Stop the job now (the controller was interrupted); partial results still come back. */
    record Stop(String jobId, String reason) implements Msg {}

    // agent -> controller

    record Accepted(String jobId) implements Msg {}

    /** The job is refused before any I/O: {@code status} 2 for bad input or a target not allowed. */
    record Refused(String jobId, int status, String message) implements Msg {}

    record Pong(String jobId, long pingId, long agentNanos) implements Msg {}

    /** The run of {@code job} number {@code run} is set up and waits at barrier {@code barrier} (0, 1, ...). */
    record Ready(String jobId, int barrier, String job, int run) implements Msg {}

    /**
     * The run waiting at {@code barrier} was released at {@code releasedAgentNanos} and its measured phase began at
     * {@code measuredStartAgentNanos} (after the system monitor started: the first run of a fresh JVM loads classes
     * in between).
     */
    record Started(String jobId, int barrier, long releasedAgentNanos, long measuredStartAgentNanos) implements Msg {}

    /** Once a second while a run goes on: measured bytes and requests so far. */
    record Progress(String jobId, int barrier, long elapsedNanos, long bytes, long ops) implements Msg {}

    /**
     * The job ended: its exit status as a local run's, a message when it failed, the JSON result document
     * (docs/json-format.md), each run's latency histograms, and each benchmark's environment as JSON.
     */
    record Done(String jobId, int status, String message, String resultJson, List<EncodedLatencies> latencies,
                List<String> environments) implements Msg {
        public Done {
            latencies = latencies == null ? List.of() : List.copyOf(latencies);
            environments = environments == null ? List.of() : List.copyOf(environments);
        }
    }

    /**
     * One run's histograms in HdrHistogram's compressed encoding, base64: read and write per worker, and syncs.
     *
     * @param benchmark index of the benchmark in the result document
     * @param run       1-based repetition
     */
    record EncodedLatencies(int benchmark, int run, List<String> readsByWorker, List<String> writesByWorker,
                            String syncs) {}
}
