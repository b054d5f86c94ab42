package org.iobench.result;

import org.iobench.job.RateLimit;

/**
 * How a rate-limited run went against its schedule. Each worker issued its requests at fixed intended times; the
 * corrected latencies run from that intended start to completion, so time a request spent waiting behind a
 * stalled device, before it could even be issued, is counted (coordinated omission, as HdrHistogram and wrk2
 * correct it). The raw latencies of the run (from the actual issue) sit next to them in {@link RunResult}.
 *
 * @param rate                   the rate asked
 * @param targetOpsPerSecond     the rate in requests per second for the job's block size
 * @param correctedReadLatency   intended start to completion, reads
 * @param correctedWriteLatency  intended start to completion, writes
 */
public record Pacing(RateLimit rate, double targetOpsPerSecond, LatencySummary correctedReadLatency,
                     LatencySummary correctedWriteLatency) {}
