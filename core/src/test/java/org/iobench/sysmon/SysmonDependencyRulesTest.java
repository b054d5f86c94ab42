package org.iobench.sysmon;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.iobench.testing.MainClasses;
import org.junit.jupiter.api.Test;

class SysmonDependencyRulesTest {

    private final JavaClasses sysmon = MainClasses.all();

    @Test
    void sysmonUsesNoOtherIobenchPackageBecauseItSitsLowInTheFlow() {
        noClasses().that().resideInAPackage("org.iobench.sysmon..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.iobench.cli..", "org.iobench.job..", "org.iobench.engine..", "org.iobench.sys..",
                        "org.iobench.workload..", "org.iobench.measure..", "org.iobench.advise..",
                        "org.iobench.store..", "org.iobench.compare..", "org.iobench.report..", "org.iobench.micro..")
                .check(sysmon);
    }

    @Test
    void sysmonDoesNotTouchTheForeignFunctionApi() {
        noClasses().that().resideInAPackage("org.iobench.sysmon..")
                .should().dependOnClassesThat().resideInAPackage("java.lang.foreign..")
                .check(sysmon);
    }
}
