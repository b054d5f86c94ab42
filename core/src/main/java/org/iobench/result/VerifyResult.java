package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data-integrity side of a run ({@code --verify}) or of {@code iobench verify}: what was stamped, what was read
 * back and checked, and every block that was not as written. Stamping and checking are timed apart from the I/O,
 * so their cost can be read as throughput of its own.
 *
 * @param checksum            {@code crc32c} or {@code sha256}
 * @param runId               the id in the headers of this run's blocks, 16 hex digits
 * @param mode                when blocks were checked: {@code none}, {@code inline}, {@code after},
 *                            {@code inline+after}, or {@code target} (the verify command)
 * @param blocksStamped       blocks given a header (warm-up included)
 * @param stampNanos          time spent making payloads, checksums and headers, outside the measured latency
 * @param blocksChecked       blocks read back and checked
 * @param bytesChecked        their bytes
 * @param checkNanos          time spent checking them, reads excluded
 * @param counts              mismatches by kind label, in {@link MismatchKind} order (kinds with none are absent)
 * @param mismatches          the first {@value #MAX_LISTED} mismatches in the order found
 * @param note                why checking was skipped or limited, else null
 */
public record VerifyResult(String checksum, String runId, String mode, long blocksStamped, long bytesStamped,
                           long stampNanos, long blocksChecked, long bytesChecked, long checkNanos,
                           Map<String, Long> counts, List<BlockMismatch> mismatches, String note) {
    public static final int MAX_LISTED = 100;

    public VerifyResult {
        Map<String, Long> ordered = new LinkedHashMap<>();
        for (MismatchKind k : MismatchKind.values()) {
            Long n = counts.get(k.label());
            if (n != null && n > 0) {
                ordered.put(k.label(), n);
            }
        }
        counts = Collections.unmodifiableMap(ordered);
        mismatches = List.copyOf(mismatches);
    }

    /** Blocks that fail the verification (stale, torn, corrupt, misplaced, garbage). */
    @JsonProperty
    public long failures() {
        return Arrays.stream(MismatchKind.values()).filter(MismatchKind::failure)
                .mapToLong(k -> counts.getOrDefault(k.label(), 0L)).sum();
    }

    public long count(MismatchKind kind) {
        return counts.getOrDefault(kind.label(), 0L);
    }

    @JsonProperty
    public boolean passed() {
        return failures() == 0;
    }

    /** Stamping throughput in bytes per second of CPU time spent stamping; NaN when nothing was stamped. */
    @JsonProperty
    public double stampBytesPerSecond() {
        return stampNanos == 0 ? Double.NaN : bytesStamped * 1e9 / stampNanos;
    }

    /** Checking throughput in bytes per second of time spent checking (reads excluded); NaN when none. */
    @JsonProperty
    public double checkBytesPerSecond() {
        return checkNanos == 0 ? Double.NaN : bytesChecked * 1e9 / checkNanos;
    }
}
