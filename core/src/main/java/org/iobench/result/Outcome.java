package org.iobench.result;

import java.util.List;

/**
 * How a run ended.
 *
 * @param complete   false when the run was stopped early (I/O error, interrupt); the figures cover what was done
 * @param stopReason why an incomplete run stopped ({@code "interrupted"}, an I/O error), null when complete
 * @param failure    the I/O error that stopped it, if any
 * @param warnings   one-line warnings raised while running (an accounting mismatch is a finding, not repeated here)
 */
public record Outcome(boolean complete, String stopReason, IoFailure failure, List<String> warnings) {
    public static final Outcome COMPLETE = new Outcome(true, null, null, List.of());

    public Outcome {
        warnings = List.copyOf(warnings);
    }
}
