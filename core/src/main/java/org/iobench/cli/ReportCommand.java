package org.iobench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.report.ReportItem;
import org.iobench.report.ResultsTable;
import org.iobench.report.html.HtmlReport;
import org.iobench.report.table.TableFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code iobench report}: a self-contained HTML page with charts, or the same selection as a text, Markdown, CSV
 * or JSON table.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write results as a self-contained HTML page with charts, or as a table"
                + " (text, markdown, csv, json).")
final class ReportCommand implements Callable<Integer> {
    @Option(names = {"-i", "--input"}, paramLabel = "FILE", required = true,
            description = "an iobench JSON result file (--json output); repeatable")
    List<Path> inputs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "where to write (default: stdout)")
    Path output;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "html (default with -o FILE.html), text, markdown, csv or json")
    String format;

    @Option(names = "--title", paramLabel = "TEXT", description = "the page's title")
    String title = "iobench report";

    @Override
    public Integer call() throws IOException {
        List<ReportItem> items = read(inputs);
        String fmt = format != null ? format
                : output != null && output.toString().endsWith(".html") ? "html" : "text";
        String text;
        if (fmt.equals("html")) {
            text = HtmlReport.render(title, "iobench " + Version.get(), items, null, null);
        } else {
            TableFormat tf;
            try {
                tf = TableFormat.parse(fmt);
            } catch (IllegalArgumentException e) {
                throw new ExitException(ExitException.USAGE, "--format " + fmt
                        + ": not a format (html, text, markdown, csv, json)");
            }
            text = tf.writer().render(ResultsTable.of(items));
            if (!text.endsWith("\n")) {
                text += "\n";
            }
        }
        if (output == null) {
            System.out.print(text);
        } else {
            Files.writeString(output, text);
            System.err.println("iobench: wrote " + output + " (" + items.size() + " benchmarks)");
        }
        return 0;
    }

    static List<ReportItem> read(List<Path> files) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<ReportItem> items = new ArrayList<>();
        for (Path f : files) {
            JsonNode doc;
            try {
                doc = mapper.readTree(f.toFile());
            } catch (IOException e) {
                throw new ExitException(ExitException.USAGE, "--input " + f + ": not readable JSON ("
                        + e.getMessage().lines().findFirst().orElse("") + ")");
            }
            if (doc.path("formatVersion").asInt() != 1 || !doc.path("benchmarks").isArray()) {
                throw new ExitException(ExitException.USAGE, "--input " + f
                        + ": not an iobench result (formatVersion 1 with benchmarks[])");
            }
            int n = 0;
            for (JsonNode b : doc.path("benchmarks")) {
                Map<String, String> labels = new LinkedHashMap<>();
                b.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
                items.add(new ReportItem(f.getFileName() + "#" + (++n), b, labels));
            }
        }
        return items;
    }
}
