package org.iobench.micro;

/**
 * Where a discovered suite came from, so a forked JVM can make the same suite again.
 *
 * @param member a static method's name, or {@link #PROVIDER} for {@link SuiteProvider#suites()}
 * @param index  position in the array or list the member returned (0 for a single suite)
 */
record SuiteOrigin(String className, String member, int index) {

    static final String PROVIDER = "<provider>";
}
