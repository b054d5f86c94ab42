package org.iobench.micro;

import java.util.List;

/**
 * Implemented by a class (with a public no-argument constructor) that defines its suites at run time, as an
 * alternative to public static methods returning {@link Suite}. {@link SuiteRunner} finds both.
 */
public interface SuiteProvider {

    List<Suite<?, ?>> suites();
}
