package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.iobench.format.Format;
import org.iobench.session.ExitException;
import picocli.CommandLine.Option;

/**
 * {@code -o/--output FILE} and {@code --force}: where a command's output goes. With the command's own
 * {@code --format}, this is the one output convention of every command (docs/options.md, "Output"):
 * <ul>
 *   <li>{@code --format FORMAT} chooses the form of the output; {@code -o FILE} writes it to FILE instead of
 *       standard output ({@code -} is standard output), through {@link OutputFile}: checked before any work,
 *       written whole, an existing FILE replaced only with {@code --force};</li>
 *   <li>without {@code --format}, FILE's extension chooses ({@code .json .csv .md .html .xml .txt}) when the
 *       command has that format, else the command's default for a file;</li>
 *   <li>the spellings of earlier releases ({@code --output json}, {@code --json FILE}) still work with a one-line
 *       deprecation warning on stderr (never on stdout, which may carry a document).</li>
 * </ul>
 */
final class Output {
    /** The values {@code --output} took as a format in earlier releases (run, suite, dd, saturate, show, verify). */
    private static final Set<String> OLD_FORMAT_WORDS = Set.of("text", "json");

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "write the output to FILE instead of stdout: a regular file, replaced only with --force"
                    + " (- is stdout); without --format, FILE's extension chooses the format")
    String file;

    @Option(names = "--force", description = "replace an existing -o FILE")
    boolean force;

    /**
     * The format and destination, checked: call it before any work.
     *
     * @param format         the command's {@code --format} value, or null
     * @param deprecatedFile a file given by an old option ({@code --json FILE}) with that option's name, or null
     * @param err            where deprecation warnings go
     * @throws ExitException status 2 for an unknown format, conflicting options or an unusable file
     */
    Choice choose(OutputFormats formats, String format, Deprecated deprecatedFile, PrintWriter err) {
        Format fmt = format == null ? null : named(formats, "--format", format);
        String path = file;
        String option = "-o";
        Optional<Format> oldWord = path != null && OLD_FORMAT_WORDS.contains(path) ? formats.named(path)
                : Optional.empty();
        if (oldWord.isPresent()) {
            // --output json of earlier releases named a format: a file called "json" must be written ./json
            Format old = oldWord.get();
            warn(err, "--output " + path, "--format " + old + " (-o/--output now names a file; write ./" + path
                    + " for a file of that name)");
            if (fmt != null && !fmt.equals(old)) {
                throw ExitException.usage("--output " + path + ": conflicts with --format " + format);
            }
            fmt = old;
            path = null;
        }
        if (deprecatedFile != null) {
            warn(err, deprecatedFile.option() + " " + deprecatedFile.value(), "-o " + deprecatedFile.value()
                    + (deprecatedFile.format() == null ? "" : " --format " + deprecatedFile.format()));
            if (path != null) {
                throw ExitException.usage(deprecatedFile.option() + " " + deprecatedFile.value() + ": give either -o "
                        + path + " or " + deprecatedFile.option() + ", not both");
            }
            path = deprecatedFile.value();
            option = deprecatedFile.option();
            if (deprecatedFile.format() != null) {
                fmt = deprecatedFile.format(); // --json FILE always meant JSON
            }
        }
        if (path == null || path.equals(OutputFile.STDOUT)) {
            OutputFile stdout = path == null ? null : OutputFile.check(option, Path.of(path), force);
            return new Choice(fmt != null ? fmt : formats.standardDefault(), stdout);
        }
        if (fmt == null) {
            fmt = formats.byExtension(path).orElse(formats.fileDefault());
        } else if (!formats.fileFormats().contains(fmt)) {
            throw ExitException.usage(option + " " + path + ": " + formats.command() + " writes a file in "
                    + Format.list(formats.fileFormats()) + ", not " + fmt + " (its " + fmt + " output goes to stdout)");
        }
        return new Choice(fmt, OutputFile.check(option, Path.of(path), force));
    }

    private static Format named(OutputFormats formats, String option, String value) {
        return formats.named(value).orElseThrow(() -> ExitException.usage(option + " " + value + ": not a format of "
                + formats.command() + " (" + Format.list(formats.formats()) + ")"));
    }

    /** One line on stderr: the old spelling still works, this once more. */
    static void warn(PrintWriter err, String old, String now) {
        err.println("iobench: warning: " + old + " is deprecated, use " + now + "; the old spelling goes away in the"
                + " next release");
        err.flush();
    }

    /** An output file given by an option of earlier releases; {@code format} is the one that option implied. */
    record Deprecated(String option, String value, Format format) {}

    /**
     * A resolved output.
     *
     * @param format the format
     * @param file   the checked output file, {@code -} included; null when nothing was given (stdout)
     */
    record Choice(Format format, OutputFile file) {
        /** Whether the output is in {@code f}. */
        boolean is(Format f) {
            return format.equals(f);
        }

        /** Whether the output goes to standard output. */
        boolean toStdout() {
            return file == null || file.toStdout();
        }

        /** Writes {@code text} to the file or stdout. */
        void write(String text, PrintWriter stdout) throws IOException {
            if (file == null) {
                stdout.print(text);
                stdout.flush();
            } else {
                file.write(text, stdout);
            }
        }
    }
}
