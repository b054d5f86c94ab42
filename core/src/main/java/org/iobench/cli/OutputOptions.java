package org.iobench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where and how results are printed. */
final class OutputOptions {
    enum Format { text, json }

    @Option(names = "--output", paramLabel = "FORMAT", description = "text (default) or json on stdout")
    Format output = Format.text;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the full result as JSON to FILE"
            + " (a regular file; - for stdout); an existing FILE is replaced only with --force")
    Path jsonFile;

    @Option(names = "--force", description = "replace an existing --json file")
    boolean force;

    @Option(names = {"-q", "--quiet"}, description = "no live progress line")
    boolean quiet;

    /** The {@code --json} file, checked before any work (see {@link OutputFile#check}); null without one. */
    OutputFile checkJsonFile() {
        return jsonFile == null ? null : OutputFile.check("--json", jsonFile, force);
    }
}
