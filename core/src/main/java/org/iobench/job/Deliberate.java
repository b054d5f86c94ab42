package org.iobench.job;

/**
 * A choice a suite makes on purpose that the advisor would otherwise warn about: the quick suite's queue-depth-1 jobs
 * measure latency, not the device's limit. The advisor then gives {@code reason} as a one-line note instead of a
 * warning.
 *
 * @param job     the job's name
 * @param finding the finding's id ({@code not-saturated})
 * @param reason  why, in one line ({@code "one request in flight on purpose: latency at queue depth 1"})
 */
public record Deliberate(String job, String finding, String reason) {}
