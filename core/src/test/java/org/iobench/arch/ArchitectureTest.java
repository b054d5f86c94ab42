package org.iobench.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Keeps the arrows of STYLE.md honest: cli -> job -> workload -> engine -> sys, results flow on to advise, store,
 * compare, history and report; nothing downstream reaches back upstream.
 */
class ArchitectureTest {
    private static final String ROOT = "org.iobench";
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    private static String p(String name) {
        return ROOT + "." + name + "..";
    }

    @Test
    void onlySysTouchesForeignMemory() {
        noClasses().that().resideOutsideOfPackage(p("sys"))
                .should().dependOnClassesThat().resideInAPackage("java.lang.foreign..")
                .check(CLASSES);
    }

    @Test
    void sysIsTheBottomLayer() {
        classes().that().resideInAPackage(p("sys"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("sys"), "java..")
                .check(CLASSES);
    }

    @Test
    void sysmonStandsAlone() {
        classes().that().resideInAPackage(p("sysmon"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("sysmon"), "java..")
                .check(CLASSES);
    }

    @Test
    void enginesKnowOnlySys() {
        noClasses().that().resideInAPackage(p("engine"))
                .should().dependOnClassesThat().resideInAnyPackage(p("workload"), p("job"), p("cli"), p("report"),
                        p("store"), p("compare"), p("advise"), p("result"), p("measure"))
                .check(CLASSES);
    }

    @Test
    void jobSpecsAreMadeBeforeAnythingRuns() {
        noClasses().that().resideInAPackage(p("job"))
                .should().dependOnClassesThat().resideInAnyPackage(p("workload"), p("engine"), p("sys"), p("cli"),
                        p("report"), p("store"), p("compare"), p("advise"))
                .check(CLASSES);
    }

    @Test
    void theWorkloadDoesNotReachDownstream() {
        noClasses().that().resideInAnyPackage(p("workload"), p("measure"), p("result"))
                .should().dependOnClassesThat().resideInAnyPackage(p("cli"), p("report"), p("store"),
                        p("compare"), p("advise"))
                .check(CLASSES);
    }

    @Test
    void comparisonsAndReportsDoNotRunAnything() {
        noClasses().that().resideInAnyPackage(p("compare"), p("report"), p("store"), p("advise"))
                .should().dependOnClassesThat().resideInAnyPackage(p("workload"), p("engine"), p("sys"), p("cli"))
                .check(CLASSES);
    }

    @Test
    void theTableLayerKnowsNothingOfComparisons() {
        noClasses().that().resideInAPackage(p("report.table"))
                .should().dependOnClassesThat().resideInAnyPackage(p("compare"), p("result"), p("job"), p("history"))
                .check(CLASSES);
    }

    @Test
    void historyReadsStoredSamplesAndComparisonsAndFeedsOnlyReportsAndTheCommandLine() {
        classes().that().resideInAPackage(p("history"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("history"), p("store"), p("compare"),
                        p("report.table"), "java..", "org.hipparchus..")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages(p("history"), p("report"), p("cli"))
                .should().dependOnClassesThat().resideInAPackage(p("history"))
                .check(CLASSES);
    }

    @Test
    void searchesDecideFromResultsAndRunJobsOnlyThroughTheirMeasurer() {
        classes().that().resideInAPackage(p("search"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("search"), p("job"), p("result"), "java..",
                        "com.fasterxml.jackson.annotation..")
                .check(CLASSES);
    }

    @Test
    void nothingDependsOnTheCommandLine() {
        noClasses().that().resideOutsideOfPackage(p("cli"))
                .should().dependOnClassesThat().resideInAPackage(p("cli"))
                .check(CLASSES);
    }

    @Test
    void onlyTheClusterPackageTouchesHazelcast() {
        noClasses().that().resideOutsideOfPackage(p("cluster"))
                .should().dependOnClassesThat().resideInAPackage("com.hazelcast..")
                .check(CLASSES);
    }

    @Test
    void theClusterRunsJobsThroughTheWorkloadAndKnowsNothingDownstream() {
        classes().that().resideInAPackage(p("cluster"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("cluster"), p("workload"), p("measure"),
                        p("result"), p("job"), "java..", "javax.crypto..", "com.hazelcast..", "org.HdrHistogram..",
                        "com.fasterxml.jackson..")
                .check(CLASSES);
    }

    @Test
    void onlyTheCommandLineUsesTheCluster() {
        noClasses().that().resideOutsideOfPackages(p("cluster"), p("cli"))
                .should().dependOnClassesThat().resideInAPackage(p("cluster"))
                .check(CLASSES);
    }
}
