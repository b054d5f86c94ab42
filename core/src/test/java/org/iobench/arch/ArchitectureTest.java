package org.iobench.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.FileId;
import org.iobench.sys.FileLock;
import org.iobench.sys.IoPriority;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.NewFile;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;
import org.iobench.sys.ThreadRusage;
import org.iobench.sys.TimerSlack;
import org.iobench.testing.MainClasses;
import org.junit.jupiter.api.Test;

/**
 * Keeps the arrows of shared/STYLE.md honest, one rule per arrow:
 *
 * <pre>
 * cli ──> session ──> job ──> workload ──> engine ──> sys (FFM: libc, io_uring)
 *            │                   ├──> measure
 *            │                   └──> sysmon
 *            └──> run result ──> advise ──> store ──> compare ──> history ──> report
 *                                                        └──> table (neutral, at the bottom) &lt;──┘
 * </pre>
 *
 * {@code cli} is commands and options: it parses a command line into jobs (job) or a query (store, compare,
 * history, report) and hands a run to {@code session}, the run pipeline (check, run stages, keep, status) on an
 * injected host. Only the session drives the run side (workload, engines, sys, the advisor); the command line never
 * reaches below it. Its multi-host glue ({@code cli.cluster}: the agent's side of a job, the controller's run) sits
 * between the commands and the cluster transport.
 *
 * An arrow is data flow: what is made upstream is read downstream, so a downstream package may import an upstream
 * one (compare reads the store) and never the reverse. The table model that compare, history and report lay out
 * sits in {@code table}, which knows nothing of iobench.
 *
 * <p>The engine owns file handles (open, close, invalidate, sync go through it): the workload reaches sys only for
 * buffers, errno and the identity/claim API of target preparation.
 */
class ArchitectureTest {
    private static final String ROOT = "org.iobench";
    private static final JavaClasses CLASSES = MainClasses.all();

    private static String p(String name) {
        return ROOT + "." + name + "..";
    }

    // ---- the top: cli -> session

    @Test
    void nothingDependsOnTheCommandLine() {
        noClasses().that().resideOutsideOfPackage(p("cli"))
                .should().dependOnClassesThat().resideInAPackage(p("cli"))
                .because("cli is the top of the flow: it makes jobs and prints what comes out")
                .check(CLASSES);
    }

    /**
     * What a command line needs: its options become jobs (job) or queries of kept results (store, compare,
     * history, report, table), a run goes to the session, and a few commands front one package each (saturate
     * the search, verify the verifier, vmstat and show the system monitor's samples and environments, micro the
     * code-variant suites, agent and {@code --hosts} the cluster glue in {@code cli.cluster}). The run machinery
     * (workload, engines, sys, measure, the advisor) is the session's, the transport the glue's.
     */
    @Test
    void theCommandLineIsCommandsAndOptions() {
        classes().that().resideInAPackage(ROOT + ".cli")
                .should().onlyDependOnClassesThat().resideInAnyPackage(ROOT + ".cli", ROOT + ".cli.cluster",
                        p("session"), p("job"), p("result"), p("store"), p("compare"), p("history"), p("report"),
                        p("table"), p("search"), p("verify"), p("sysmon"), p("micro"), p("catalog"), p("format"),
                        p("clock"), "java..", "picocli..", "com.fasterxml.jackson..")
                .because("cli imports only what a command line needs; the session runs the jobs, cli.cluster"
                        + " speaks to the agents")
                .check(CLASSES);
    }

    /**
     * The multi-host glue between the command line and the cluster transport: the agent's allow list and how it
     * runs a job (the command line parses the job behind {@code JobParser}), the controller's run and its text,
     * JSON and live line. It speaks the transport's types (the workload's stop switch and listener, the measure
     * package's histograms) and never reaches back into the commands.
     */
    @Test
    void theClusterGlueSitsBelowTheCommands() {
        classes().that().resideInAPackage(p("cli.cluster"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("cli.cluster"), p("cluster"),
                        p("session"), p("job"), p("result"), p("report"), p("sysmon"), p("workload"), p("measure"),
                        "java..", "sun.misc..")
                .because("cli -> cli.cluster -> cluster: the glue knows no command, option or picocli")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages(p("cluster"), p("cli.cluster"))
                .should().dependOnClassesThat().resideInAPackage(p("cluster"))
                .because("only the multi-host glue talks to the cluster transport")
                .check(CLASSES);
    }

    @Test
    void theSessionIsTheRunPipelineBelowTheCommandLine() {
        noClasses().that().resideOutsideOfPackages(p("cli"), p("session"))
                .should().dependOnClassesThat().resideInAPackage(p("session"))
                .because("cli -> session: only the command line starts a session")
                .check(CLASSES);
        classes().that().resideInAPackage(p("session"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("session"), p("job"), p("workload"),
                        p("engine"), p("sys"), p("measure"), p("advise"), p("result"), p("search"), p("store"),
                        p("report"), p("sysmon"), p("catalog"), p("clock"), "java..", "sun.misc..")
                .because("the session checks, runs, advises, prints and saves; it knows nothing of picocli or the"
                        + " cluster transport")
                .check(CLASSES);
    }

    @Test
    void noThreadLocalCarriesRunState() {
        noClasses().that().resideInAPackage(ROOT + "..")
                .should().dependOnClassesThat().belongToAnyOf(ThreadLocal.class, InheritableThreadLocal.class)
                .because("what a run needs is handed to it (a command's host through RunOutputs.hostedBy, a"
                        + " worker's clock and engine through its constructor), never found on its thread")
                .check(CLASSES);
    }

    // ---- the run side: session -> job -> workload -> engine -> sys

    @Test
    void jobSpecsAreMadeBeforeAnythingRuns() {
        classes().that().resideInAPackage(p("job"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("job"), p("catalog"), "java..",
                        "com.fasterxml.jackson.annotation..")
                .because("cli -> job: a JobSpec is made from the command line and knows nothing that runs it")
                .check(CLASSES);
    }

    @Test
    void theWorkloadDoesNotReachDownstream() {
        noClasses().that().resideInAnyPackage(p("workload"), p("measure"), p("result"))
                .should().dependOnClassesThat().resideInAnyPackage(p("cli"), p("session"), p("advise"), p("store"), p("compare"),
                        p("history"), p("report"), p("table"))
                .because("job -> workload: the workload runs jobs and knows nothing of what judges, keeps or prints"
                        + " its results")
                .check(CLASSES);
    }

    @Test
    void enginesKnowOnlySys() {
        classes().that().resideInAPackage(p("engine"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("engine"), p("sys"), p("catalog"), p("clock"),
                        "java..")
                .because("workload -> engine -> sys: an engine submits requests through sys and nothing else")
                .check(CLASSES);
    }

    @Test
    void eachEngineKnowsOnlyTheContractAndSys() {
        // every engine package, found rather than listed: a new engine is covered without touching this file
        classes().that().resideInAPackage(ROOT + ".engine.*..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(ROOT + ".engine", ROOT + ".engine.*..",
                        p("sys"), p("catalog"), p("clock"), "java..")
                .check(CLASSES);
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices()
                .matching(ROOT + ".engine.(*)..").should().notDependOnEachOther()
                .because("an engine knows the contract and sys, never another engine")
                .check(CLASSES);
    }


    /**
     * The workload drives requests and touches sys only for buffers and errno, plus the small identity and claim API
     * of target preparation (FileId, FileLock, NewFile's unpredictable names), a paced worker's timer slack and a
     * worker's own getrusage: files are opened, synced, dropped
     * from the cache and closed through engines.
     */
    @Test
    void theWorkloadUsesSysOnlyForBuffersErrnoIdentityAndClaims() {
        noClasses().that().resideInAPackage(p("workload"))
                .should().dependOnClassesThat(resideInAPackage(p("sys")).and(not(belongToAnyOf(NativeBuffer.class,
                        Errno.class, SysException.class, FileId.class, FileLock.class, NewFile.class,
                        TimerSlack.class, IoPriority.class, ThreadRusage.class))))
                .because("the engine owns file handles; the workload touches sys only for buffers, errno and its"
                        + " threads' own settings and usage (timer slack, I/O priority, getrusage)")
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

    /**
     * What engines are, as data: the engines describe themselves in it and every layer above reads it, so it knows
     * nothing but Java; the one catalog in use is the engines', found at run time.
     */
    @Test
    void theEngineCatalogIsNeutralAndAtTheBottom() {
        classes().that().resideInAPackage(p("catalog"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("catalog"), "java..")
                .because("engine descriptions are read by job, result, advise, store and report, which may not"
                        + " depend on the engines")
                .check(CLASSES);
    }

    /** Time and waiting for it: read by engines, samplers, workers and the command line, so it knows only Java. */
    @Test
    void theClockIsNeutralAndAtTheBottom() {
        classes().that().resideInAPackage(p("clock"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("clock"), "java..")
                .check(CLASSES);
    }

    /**
     * The output formats' names and extensions, parsed in one place: read by the command line, the table writers
     * and the run's documents, so it knows only Java.
     */
    @Test
    void theFormatNamesAreNeutralAndAtTheBottom() {
        classes().that().resideInAPackage(p("format"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("format"), "java..")
                .check(CLASSES);
    }

    @Test
    void sysIsTheBottomLayer() {
        classes().that().resideInAPackage(p("sys"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("sys"), "java..")
                .because("engine -> sys: FFM bindings only")
                .check(CLASSES);
    }

    @Test
    void onlySysTouchesForeignMemory() {
        noClasses().that().resideOutsideOfPackage(p("sys"))
                .should().dependOnClassesThat().resideInAPackage("java.lang.foreign..")
                .check(CLASSES);
    }

    @Test
    void measureRecordsWithoutKnowingWhatRuns() {
        classes().that().resideInAPackage(p("measure"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("measure"), p("result"), "java..",
                        "org.HdrHistogram..")
                .because("workload -> measure: latency recorders and series know nothing of workers or engines")
                .check(CLASSES);
    }

    @Test
    void sysmonStandsAlone() {
        classes().that().resideInAPackage(p("sysmon"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("sysmon"), p("clock"), "java..",
                        "javax.management..")
                .because("workload -> sysmon: samples of /proc and /sys and of the JVM's own state (its compile"
                        + " queue, through the platform's management beans), usable by anything")
                .check(CLASSES);
    }

    // ---- the data side: run result -> advise -> store -> compare -> history -> report

    @Test
    void runResultsHoldOnlyTheirJobAndSamples() {
        classes().that().resideInAPackage(p("result"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("result"), p("job"), p("sysmon"), p("catalog"),
                        "java..", "com.fasterxml.jackson.annotation..", "org.hipparchus..")
                .because("the finished RunResult is immutable data that everything downstream reads")
                .check(CLASSES);
    }

    @Test
    void theAdvisorJudgesResultsAndKnowsNothingDownstream() {
        classes().that().resideInAPackage(p("advise"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("advise"), p("result"), p("job"),
                        p("sysmon"), p("catalog"), "java..")
                .because("run result -> advise: findings come from the result alone, before it is stored")
                .check(CLASSES);
    }

    @Test
    void theStoreKeepsResultsWithoutKnowingHowTheyAreComparedOrPrinted() {
        classes().that().resideInAPackage(p("store"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("store"), p("result"), p("job"),
                        p("sysmon"), p("catalog"), "java..", "com.fasterxml.jackson..", "org.sqlite", "org.postgresql")
                .because("advise -> store -> compare/report: store never imports compare, history, report or"
                        + " table; it has its own codec, and opens its two databases through their drivers")
                .check(CLASSES);
    }

    @Test
    void comparisonsReadTheStoreAndNeverReachTheReports() {
        classes().that().resideInAPackage(p("compare"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("compare"), p("store"), p("table"),
                        p("result"), p("job"), "java..", "org.hipparchus..")
                .because("store -> compare -> report: compare lays its tables out in the neutral table package"
                        + " and never imports report or history")
                .check(CLASSES);
    }

    @Test
    void historySitsBetweenComparisonsAndReports() {
        classes().that().resideInAPackage(p("history"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("history"), p("compare"), p("store"),
                        p("table"), "java..", "org.hipparchus..")
                .because("compare -> history -> report: history reads stored samples with compare's statistics")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackages(p("history"), p("report"), p("cli"))
                .should().dependOnClassesThat().resideInAPackage(p("history"))
                .because("compare -> history -> report: only reports and the command line read histories")
                .check(CLASSES);
    }

    @Test
    void reportsAreTheEndOfTheFlow() {
        noClasses().that().resideOutsideOfPackages(p("report"), p("cli"), p("session"))
                .should().dependOnClassesThat().resideInAPackage(p("report"))
                .because("compare -> report: nothing but the command line and its session print reports")
                .check(CLASSES);
    }

    /**
     * Reports read results as records ({@code ReportItem}: the result, its environment, its labels): no view reads
     * a JSON tree of a result. What keeps Jackson's trees is the JSON format itself: the reader of files of either
     * version ({@code JsonReportReader}), version 2's translation and writer ({@code JsonV2}, {@code JsonV2Writer},
     * and {@code HistogramBins}' version 1 and 2 forms of a histogram), and the printer of fio's own JSON layout
     * ({@code fio.FioJsonPrinter}: another tool's format, printed as fio spaces it).
     */
    @Test
    void reportsReadTypedResultsNotJsonTrees() {
        noClasses().that().resideInAPackage(p("report"))
                .and().haveNameNotMatching("org\\.iobench\\.report\\.(JsonReportReader|JsonV2|JsonV2Writer|HistogramBins"
                        + "|fio\\.FioJsonPrinter)(\\$.*)?")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.fasterxml.jackson.databind.JsonNode")
                .because("one reader turns stored and written results into the records every view reads")
                .check(CLASSES);
    }

    @Test
    void theTablePackageIsNeutralAndAtTheBottom() {
        classes().that().resideInAPackage(p("table"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("table"), p("format"), "java..",
                        "com.fasterxml.jackson..")
                .because("a table layout shared by compare, history and report sits in a small neutral package at"
                        + " the bottom")
                .check(CLASSES);
    }

    @Test
    void comparisonsAndReportsDoNotRunAnything() {
        noClasses().that().resideInAnyPackage(p("advise"), p("store"), p("compare"), p("history"), p("report"),
                        p("table"))
                .should().dependOnClassesThat().resideInAnyPackage(p("workload"), p("engine"), p("sys"), p("cli"),
                        p("session"), p("cluster"))
                .because("the data side reads finished results; nothing downstream reaches back upstream")
                .check(CLASSES);
    }

    // ---- beside the flow

    @Test
    void searchesDecideFromResultsAndRunJobsOnlyThroughTheirMeasurer() {
        classes().that().resideInAPackage(p("search"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("search"), p("job"), p("result"), "java..",
                        "com.fasterxml.jackson.annotation..")
                .check(CLASSES);
    }

    @Test
    void onlyTheClusterPackageTouchesJGroups() {
        noClasses().that().resideOutsideOfPackage(p("cluster"))
                .should().dependOnClassesThat().resideInAPackage("org.jgroups..")
                .check(CLASSES);
    }

    @Test
    void onlyTheClusterPackageTalksOverTheNetwork() {
        noClasses().that().resideOutsideOfPackage(p("cluster"))
                .should().dependOnClassesThat().haveNameMatching("javax\\.net\\..*|java\\.net\\..*Socket.*")
                .because("agents listen and controllers connect there only, through its authenticated links")
                .check(CLASSES);
    }

    @Test
    void theClusterRunsJobsThroughTheWorkloadAndKnowsNothingDownstream() {
        classes().that().resideInAPackage(p("cluster"))
                .should().onlyDependOnClassesThat().resideInAnyPackage(p("cluster"), p("workload"), p("measure"),
                        p("result"), p("job"), p("clock"), "java..", "javax.crypto..", "javax.net..", "org.jgroups..",
                        "org.HdrHistogram..",
                        "com.fasterxml.jackson..")
                .check(CLASSES);
    }
}
