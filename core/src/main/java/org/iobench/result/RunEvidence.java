package org.iobench.result;

import org.iobench.sysmon.SystemSeries;

/**
 * What a run's figures can be checked against, beyond iobench's own counts.
 *
 * @param accounting    the self-check of the workers' counts against the kernel's per-thread rchar/wchar
 * @param workerThreads what the worker threads did and caused over the measured window (kernel per-task
 *                      accounting); null where unknown (older results, imports, procfs unreadable)
 * @param system        the vmstat/iostat-like samples taken while the run went on, null when off or unreadable
 * @param systemSummary totals of {@code system} set against iobench's own counts, null without samples
 */
public record RunEvidence(Accounting accounting, WorkerEvidence workerThreads, SystemSeries system,
                          SystemSummary systemSummary) {}
