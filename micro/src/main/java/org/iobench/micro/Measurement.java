package org.iobench.micro;

import java.util.List;

/**
 * Raw outcome of measuring one variant, before statistics and ratios.
 *
 * @param opsPerSample      calls per sample (of the first fork when forked)
 * @param samplesNanosPerOp one entry per sample: elapsed time divided by {@code opsPerSample}
 * @param warnings          human-readable, one line each
 */
record Measurement(String name, long opsPerSample, List<Double> samplesNanosPerOp, List<String> warnings) {

    Measurement {
        samplesNanosPerOp = List.copyOf(samplesNanosPerOp);
        warnings = List.copyOf(warnings);
    }
}
