package org.iobench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where and how results are printed. */
final class OutputOptions {
    enum Format { text, json }

    @Option(names = "--output", paramLabel = "FORMAT", description = "text (default) or json on stdout")
    Format output = Format.text;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the full result as JSON to FILE")
    Path jsonFile;

    @Option(names = {"-q", "--quiet"}, description = "no live progress line")
    boolean quiet;
}
