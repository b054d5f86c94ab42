package org.iobench.report;

import java.util.function.Function;
import org.iobench.format.Format;

/**
 * A document a run's results are written in ({@code --format NAME} on stdout, or {@code -o FILE}): its
 * {@link Format} and how it is made from the result records (JMH's {@code ResultFormat}). The command's own text
 * (run's table, dd's lines) is not one: the command prints it. A new format is its writer and one line in
 * {@link RunFormats#DOCUMENTS}.
 */
public interface RunFormat {
    /** The name {@code --format} gives it and the extension that chooses it for {@code -o FILE}. */
    Format format();

    /** The whole document, with its final newline. */
    String write(RunDocument document);

    /** The format {@code format}, written by {@code writer}. */
    static RunFormat of(Format format, Function<RunDocument, String> writer) {
        record Of(Format format, Function<RunDocument, String> writer) implements RunFormat {
            @Override
            public String write(RunDocument document) {
                return writer.apply(document);
            }
        }
        return new Of(format, writer);
    }
}
