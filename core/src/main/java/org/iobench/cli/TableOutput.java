package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import org.iobench.table.Table;
import org.iobench.table.TableFormat;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --format text|markdown|csv|json} and {@code -o FILE} for commands that print one table (the output
 * convention of {@link Output}).
 */
final class TableOutput {
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), markdown, csv or json; with -o FILE, FILE's extension by default")
    String format;

    @Mixin
    Output output = new Output();

    private Output.Choice checked;

    /**
     * Checks the format and the {@code -o} file before the command reads anything (status 2 when unusable).
     *
     * @param command the command's name, for messages
     * @param err     where a deprecation warning goes
     */
    void check(String command, PrintWriter err) {
        if (checked == null) {
            checked = output.choose(OutputFormats.of(command, TableFormat.FORMATS), format, null, err);
        }
    }

    /** The checked format (call {@link #check} first). */
    TableFormat format() {
        return TableFormat.of(checked.format());
    }

    void print(Table table, PrintWriter out) throws IOException {
        checked.write(format().writer().render(table), out);
    }
}
