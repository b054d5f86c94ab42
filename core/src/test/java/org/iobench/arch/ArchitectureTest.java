package org.iobench.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.FileId;
import org.iobench.sys.FileLock;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;
import org.iobench.sys.TimerSlack;
import org.junit.jupiter.api.Test;

/**
 * Keeps the arrows of STYLE.md honest: cli -> job -> workload -> engine -> sys, results flow on to advise, store,
 * compare, history and report; nothing downstream reaches back upstream. The engine owns file handles: the workload
 * reaches sys only for buffers, errno and the identity/claim API.
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
    void eachEngineKnowsOnlyTheContractAndSys() {
        for (String engine : List.of("psync", "uring", "libaio", "nullio")) {
            classes().that().resideInAPackage(p("engine." + engine))
                    .should().onlyDependOnClassesThat().resideInAnyPackage(ROOT + ".engine", p("engine." + engine),
                            p("sys"), "java..")
                    .check(CLASSES);
        }
    }

    /**
     * The workload drives requests and touches sys only for buffers and errno, plus the small identity and claim API
     * of target preparation (FileId, FileLock) and a paced worker's timer slack: files are opened, synced, dropped
     * from the cache and closed through engines.
     */
    @Test
    void theWorkloadUsesSysOnlyForBuffersErrnoIdentityAndClaims() {
        noClasses().that().resideInAPackage(p("workload"))
                .should().dependOnClassesThat(resideInAPackage(p("sys")).and(not(belongToAnyOf(NativeBuffer.class,
                        Errno.class, SysException.class, FileId.class, FileLock.class, TimerSlack.class))))
                .because("the engine owns file handles; the workload touches sys only for buffers and errno")
                .check(CLASSES);
    }

    /** A descriptor is owned by a FileHandle inside an engine's IoFile; system calls on it are the engines'. */
    @Test
    void onlyEnginesAndSysHoldDescriptorsAndCallTheKernelOnThem() {
        noClasses().that().resideOutsideOfPackages(p("sys"), p("engine"))
                .should().dependOnClassesThat(belongToAnyOf(FileHandle.class, NativeIo.class, OpenFlags.class))
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackage(p("engine"))
                .should().callMethod(IoFile.class, "fd")
                .orShould().callMethod(IoFile.class, "closeHandle")
                .orShould().callMethod(IoFile.class, "dropCache")
                .orShould().callMethod(IoRequest.class, "fd")
                .because("outside the engines a file is closed and invalidated through its engine")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages(p("sys"), p("engine.uring"))
                .should().dependOnClassesThat().resideInAPackage(p("sys.uring"))
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages(p("sys"), p("engine.libaio"))
                .should().dependOnClassesThat().resideInAPackage(p("sys.aio"))
                .check(CLASSES);
    }

    @Test
    void theKernelInterfacesKnowNothingOfEachOther() {
        noClasses().that().resideInAPackage(p("sys.aio"))
                .should().dependOnClassesThat().resideInAPackage(p("sys.uring"))
                .check(CLASSES);
        noClasses().that().resideInAPackage(p("sys.uring"))
                .should().dependOnClassesThat().resideInAPackage(p("sys.aio"))
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
                        p("report.table"), "java..", "org.apache.commons.math3..")
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
