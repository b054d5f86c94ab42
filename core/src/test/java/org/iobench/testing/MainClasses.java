package org.iobench.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * iobench's main classes (no tests) as ArchUnit reads them, imported once per test JVM and shared by every rule test:
 * reading them all takes seconds, and a rule's {@code that()} picks the classes it is about.
 */
public final class MainClasses {
    private MainClasses() {}

    private static final class Holder {
        static final JavaClasses ALL = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.iobench");
    }

    /** Every class of {@code org.iobench}'s main code. */
    public static JavaClasses all() {
        return Holder.ALL;
    }
}
