package org.iobench.session;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.workload.files.TargetClaim;

/**
 * Work that reads a target a run wrote ({@code iobench verify}) while holding a shared claim on it: readers may
 * share it, but not while another iobench process writes it (its blocks would be caught mid-change).
 */
public final class ReadClaim {
    /** What runs under the claim. */
    @FunctionalInterface
    public interface Body<T> {
        T run() throws IOException;
    }

    private ReadClaim() {}

    /**
     * Runs {@code body} while {@code target} is claimed for reading.
     *
     * @param option the option or operand that named the target, for the refusal
     * @throws IOException when the target cannot be opened, or {@code body}'s
     */
    public static <T> T whileReading(Path target, String option, Body<T> body) throws IOException {
        try (TargetClaim claim = TargetClaim.forReading(target, option)) {
            return body.run();
        }
    }
}
