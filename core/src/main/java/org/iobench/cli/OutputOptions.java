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

    /** Writes {@code json} to the {@code --json} file, if one was given; a failure ends the command (status 1). */
    void writeJsonFile(String json) {
        if (jsonFile == null) {
            return;
        }
        try {
            java.nio.file.Files.writeString(jsonFile, json);
        } catch (java.io.IOException e) {
            throw new ExitException(ExitException.IO_FAILURE, "--json " + jsonFile + ": " + e.getMessage());
        }
    }
}
