package org.iobench.cli;

import java.io.PrintWriter;
import java.util.List;
import org.iobench.format.Format;
import org.iobench.report.RunFormat;
import org.iobench.report.RunFormats;
import org.iobench.session.ExitException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where and how the results of a command that runs jobs are printed: {@code --format} (the text or a document of
 * {@link RunFormats#DOCUMENTS}) on stdout, and {@code -o FILE} to keep a document in FILE (JSON unless
 * {@code --format} or the extension says another) while the text is printed as usual (the output convention of
 * {@link Output}).
 */
final class OutputOptions {
    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = Candidates.RunFormatNames.class,
            description = "${COMPLETION-CANDIDATES} (default: text): the results on stdout; with -o FILE, FILE gets"
                    + " the JSON result (or --format's) and stdout the text")
    String format;

    @Mixin
    Output output = new Output();

    @Option(names = "--json", paramLabel = "FILE", hidden = true, description = "deprecated: -o FILE")
    String deprecatedJson;

    @Option(names = {"-q", "--quiet"}, description = "no live progress line")
    boolean quiet;

    /** The formats of {@code command} (run, suite, dd, saturate...): a file holds a document, JSON by default. */
    static OutputFormats formats(String command) {
        return formats(command, RunFormats.DOCUMENTS);
    }

    /** The formats of {@code command} with {@code documents}: its text, or a document on stdout or in a file. */
    static OutputFormats formats(String command, List<RunFormat> documents) {
        return new OutputFormats(command, RunFormats.formats(documents), RunFormats.fileFormats(documents),
                documents.getFirst().format());
    }

    /**
     * The output, checked before any work ({@link Output#choose}).
     *
     * @throws ExitException status 2 naming what is wrong
     */
    Output.Choice choose(String command, PrintWriter err) {
        return output.choose(formats(command), format, deprecatedJson == null ? null
                : new Output.Deprecated("--json", deprecatedJson, Format.JSON), err);
    }
}
