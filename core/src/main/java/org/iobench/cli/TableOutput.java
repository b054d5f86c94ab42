package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.iobench.table.Table;
import org.iobench.table.TableFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --format text|markdown|csv|json} and {@code -o FILE} for commands that print one table. */
final class TableOutput {
    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "text (default), markdown, csv or json")
    TableFormat format = TableFormat.TEXT;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "write the table to FILE instead of stdout (a regular file; - is stdout)")
    Path file;

    @Option(names = "--force", description = "replace an existing -o file")
    boolean force;

    private OutputFile checked;

    /** Checks the {@code -o} file before the command reads anything (status 2 when it cannot be written). */
    void check() {
        if (file != null && checked == null) {
            checked = OutputFile.check("-o", file, force);
        }
    }

    void print(Table table, PrintWriter out) throws IOException {
        check();
        String text = format.writer().render(table);
        if (checked == null) {
            out.print(text);
            out.flush();
        } else {
            checked.write(text, out);
        }
    }

    static final class FormatConverter implements ITypeConverter<TableFormat> {
        @Override
        public TableFormat convert(String value) {
            try {
                return TableFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage().replaceFirst("^--format: ", ""));
            }
        }
    }
}
