package org.iobench.cli;

/** {@code iobench fio --help}: fio's options as {@code iobench fio} takes them. */
final class FioUsage {
    static final String TEXT = """
            iobench fio [options] [job options] <job file(s)>
              A fio 3.33 command line run by iobench (docs/fio.md): fio's options, job options and job files
              with fio's meaning; what iobench cannot honour is refused by name (exit 2). Writing to a file
              that exists needs IOBENCH_ALLOW_OVERWRITE=1.
              --output=FILE          Write output to FILE
              --output-format=TYPE   Output format: terse, json, json+, normal (comma-separated)
              --minimal              Minimal (terse) output
              --terse-version=N      Terse version: 2, 3 (default), 4 or 5
              --section=NAME         Only run the named section of the job files (repeatable)
              --parse-only           Parse the options and job files only, start no I/O
              --showcmd              Turn job files into command-line options
              --readonly             Refuse jobs that write or trim
              --max-jobs=N           Refuse more than N jobs (clones included)
              --eta=when             fio's ETA line on stdout: auto (stdout a terminal), always, never
              --eta-newline=TIME     Force a new ETA line every TIME (a bare number is seconds)
              --eta-interval=TIME    Print the ETA line every TIME (250ms at least; 1s by default)
              --status-interval=TIME The full report every TIME while the jobs run, in each output format
              --inflate-log=FILE     Print a compressed log (log_store_compressed) as its text log
              --warnings-fatal       fio's parser warnings refuse the jobs (exit 1), as in fio
              --aux-path=DIR         Put the verify state and verify_dump files in DIR
              --bandwidth-log        Write agg-{read,write,trim}_bw.log (sampled with the ETA, as in fio)
              --version              Print the fio version whose interface this is (fio-3.33)
              --help                 Print this page
              --name=NAME --opt=V    A job on the command line; options before the first --name are global
            """;

    private FioUsage() {}
}
