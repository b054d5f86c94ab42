package org.iobench.micro;

import java.util.List;

/** What the harness measured for a suite: one {@link Measurement} per variant, plus suite-level warnings. */
record Measurements(List<Measurement> variants, List<String> warnings) {

    Measurements {
        variants = List.copyOf(variants);
        warnings = List.copyOf(warnings);
    }
}
