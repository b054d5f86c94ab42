package org.iobench.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A percentage: {@code 5%}, {@code 5} or {@code 2.5%}, as percent (5 means 5 %); 0 or more. */
final class PercentConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        String t = value.strip();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a percentage (examples: 5%, 2.5)");
        }
        if (!(v >= 0 && v < 100)) {
            throw new TypeConversionException("'" + value + "' must be from 0% to below 100%");
        }
        return v;
    }
}
