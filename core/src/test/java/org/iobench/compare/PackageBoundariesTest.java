package org.iobench.compare;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** compare and report.table are integrated later: they may use each other, the JDK and their libraries only. */
class PackageBoundariesTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iobench.compare", "org.iobench.report.table");

    @Test
    void compareUsesOnlyTheTableLayerOfIobench() {
        classes().that().resideInAPackage("org.iobench.compare..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        "org.iobench.compare..", "org.iobench.report.table..", "java..", "org.apache.commons.math3..")
                .check(CLASSES);
    }

    @Test
    void theTableLayerKnowsNothingOfComparisons() {
        classes().that().resideInAPackage("org.iobench.report.table..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        "org.iobench.report.table..", "java..", "com.fasterxml.jackson..")
                .check(CLASSES);
    }

    @Test
    void neitherPackageTouchesForeignMemory() {
        noClasses().should().dependOnClassesThat().resideInAPackage("java.lang.foreign..").check(CLASSES);
    }
}
