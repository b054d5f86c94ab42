package org.iobench.result;

/**
 * The accounting self-check: the bytes iobench moved (measured phase and warm-up) against the kernel's count for
 * the process ({@code /proc/self/io} rchar/wchar deltas over the same window).
 *
 * @param checked false where the kernel's count is unavailable or does not apply (then {@code note} says why)
 */
public record Accounting(boolean checked, long appBytesRead, long appBytesWritten, long kernelBytesRead,
                         long kernelBytesWritten, boolean mismatch, String note) {
}
