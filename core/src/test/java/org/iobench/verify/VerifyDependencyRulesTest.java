package org.iobench.verify;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.SysException;
import org.iobench.testing.MainClasses;
import org.junit.jupiter.api.Test;

/**
 * verify sits beside the workload: workers call it, it knows jobs and results, reads targets back through an engine
 * (like any I/O), and uses sys only for buffers and errno.
 */
class VerifyDependencyRulesTest {
    private final JavaClasses classes = MainClasses.all();

    @Test
    void verifyKnowsOnlyJobsResultsEnginesAndSysBuffers() {
        noClasses().that().resideInAPackage("org.iobench.verify..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iobench.cli..", "org.iobench.workload..",
                        "org.iobench.measure..", "org.iobench.advise..",
                        "org.iobench.store..", "org.iobench.compare..", "org.iobench.report..",
                        "org.iobench.sysmon..", "java.lang.foreign..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iobench.verify..")
                .should().dependOnClassesThat(resideInAPackage("org.iobench.sys..")
                        .and(not(belongToAnyOf(NativeBuffer.class, Errno.class, SysException.class))))
                .because("files are opened, read and dropped from the cache through an engine")
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
