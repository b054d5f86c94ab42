/**
 * Reads what the kernel says about the machine while a benchmark runs: mounts ({@code /proc/self/mountinfo}),
 * block devices ({@code /sys/class/block}, {@code /sys/dev/block}), target-to-device resolution, and (sampled)
 * {@code /proc/stat}, {@code /proc/vmstat}, {@code /proc/meminfo}, {@code /proc/diskstats}.
 *
 * <p>Everything takes its {@code /proc} or {@code /sys} root as a {@link java.nio.file.Path} so that tests can run
 * against fixture trees. Nothing here imports other iobench packages or {@code java.lang.foreign}: workload and
 * advise use sysmon, never the reverse. Parsers tolerate fields missing on older kernels; absent values are
 * {@code Optional}, {@code -1} where documented, or {@code NaN}.
 */
package org.iobench.sysmon;
