package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** The bytes written: zeros (like {@code /dev/zero}) or incompressible pseudo-random data. */
public enum DataPattern {
    ZERO("zero"), RANDOM("random");

    private final String label;

    DataPattern(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() { return label; }

    public static Optional<DataPattern> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
