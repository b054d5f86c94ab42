package org.iobench.result;

/**
 * Latency split as fio splits it: {@code submission} (slat) from issuing a request to the engine handing it to
 * the kernel, {@code completion} (clat) from there to its completion; their sum per request is the total latency
 * of {@code readLatency}/{@code writeLatency}. For psync the submission is the system call itself, so slat is ~0
 * and clat is the call; for io_uring slat is the time to the {@code io_uring_enter} that carried the request.
 * Both cover reads and writes of the measured phase.
 */
public record LatencySplit(LatencySummary submission, LatencySummary completion) {}
