package org.iobench.cli;

import java.io.PrintWriter;
import org.iobench.report.table.Table;
import org.iobench.report.table.TableFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --format text|markdown|csv|json} for commands that print one table. */
final class TableOutput {
    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "text (default), markdown, csv or json")
    TableFormat format = TableFormat.TEXT;

    void print(Table table, PrintWriter out) {
        out.print(format.writer().render(table));
        out.flush();
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
