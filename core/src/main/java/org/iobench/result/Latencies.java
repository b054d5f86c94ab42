package org.iobench.result;

/**
 * A run's latency summaries.
 *
 * @param read  reads, from issue to the last byte's completion
 * @param write writes, likewise
 * @param sync  syncs (periodic and final)
 * @param split submission (slat) and completion (clat) latency of the data operations, as fio splits them; null where
 *              no engine stamped it
 */
public record Latencies(LatencySummary read, LatencySummary write, LatencySummary sync, LatencySplit split) {}
