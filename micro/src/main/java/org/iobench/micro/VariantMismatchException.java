package org.iobench.micro;

/** A variant's result differs from the suite's expected value; thrown before any timing. */
public final class VariantMismatchException extends IllegalStateException {

    private final String suiteName;
    private final String variantName;

    public VariantMismatchException(String suiteName, String variantName, Object expected, Object actual) {
        super("suite '" + suiteName + "': variant '" + variantName + "' returned " + Values.describe(actual)
                + " but expected " + Values.describe(expected));
        this.suiteName = suiteName;
        this.variantName = variantName;
    }

    public String suiteName() {
        return suiteName;
    }

    public String variantName() {
        return variantName;
    }
}
