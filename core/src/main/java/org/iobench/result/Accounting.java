package org.iobench.result;

/**
 * The accounting self-check: the bytes iobench's workers counted (measured phase and warm-up) against the kernel's
 * count for the same worker threads over their whole life ({@code /proc/self/task/TID/io} rchar/wchar, less the
 * threads' own readings of that file). Only the worker threads are compared, so the monitor, the JIT compiler, class
 * loading and the progress line can never trip it; a request the workers moved but did not count does.
 *
 * @param checked false where the kernel's count is unavailable or does not apply (then {@code note} says why)
 */
public record Accounting(boolean checked, long appBytesRead, long appBytesWritten, long kernelBytesRead,
                         long kernelBytesWritten, boolean mismatch, String note) {
}
