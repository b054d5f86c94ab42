package org.iobench.verify;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** verify sits beside the workload: workers call it, it knows jobs, results and sys, and runs nothing itself. */
class VerifyDependencyRulesTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iobench");

    @Test
    void verifyKnowsOnlyJobsResultsAndSys() {
        noClasses().that().resideInAPackage("org.iobench.verify..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iobench.cli..", "org.iobench.workload..",
                        "org.iobench.engine..", "org.iobench.measure..", "org.iobench.advise..",
                        "org.iobench.store..", "org.iobench.compare..", "org.iobench.report..",
                        "org.iobench.sysmon..", "java.lang.foreign..")
                .check(classes);
    }

    @Test
    void onlyTheWorkloadAndTheCommandLineCallVerify() {
        noClasses().that().resideOutsideOfPackages("org.iobench.verify..", "org.iobench.workload..",
                        "org.iobench.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.iobench.verify..")
                .check(classes);
    }
}
