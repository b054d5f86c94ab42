package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.iobench.format.Format;
import org.iobench.report.JsonReportReader;
import org.iobench.report.RunFormat;
import org.iobench.report.RunFormats;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.LocalHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A new output format of the commands that run jobs is two things: its writer and its line in
 * {@link RunFormats#DOCUMENTS}; the help, the completion scripts, {@code --format}'s parsing and its errors, and
 * the {@code -o} file's extension follow from that list. This test adds a throwaway one, a tab-separated line per benchmark, beside the
 * standard documents, and shows the command line takes it by name and by a file's extension and the session
 * writes it to the {@code -o} file while the text goes to stdout, as it does for JSON.
 */
class AddingARunFormatTest {
    /** The new format's file: its name, its extension and its writer. */
    private static final RunFormat TSV = RunFormat.of(Format.of("tsv"), d -> d.results().stream()
            .map(b -> b.job().name() + "\t" + b.runs().size())
            .collect(Collectors.joining("\n", "job\truns\n", "\n")));

    /** Its registration: the one line RunFormats.DOCUMENTS would gain. */
    private static final List<RunFormat> DOCUMENTS = Stream.concat(RunFormats.DOCUMENTS.stream(), Stream.of(TSV))
            .toList();

    @Test
    void theCommandLineTakesTheNewFormatByNameAndByExtension() {
        OutputFormats formats = OutputOptions.formats("run", DOCUMENTS);
        assertThat(formats.named("TSV")).contains(TSV.format());
        assertThat(formats.byExtension("out/r.tsv")).contains(TSV.format());
        assertThat(formats.byExtension("out/r.json")).contains(Format.JSON); // JSON before fio-json
        assertThat(formats.fileDefault()).isEqualTo(Format.JSON);
        assertThat(formats.formats()).extracting(Format::name).containsExactly("text", "json", "fio-json", "tsv");
    }

    @Test
    void theHelpAndTheCompletionScriptsListTheFormatsFromTheOneList() {
        List<String> names = RunFormats.formats(RunFormats.DOCUMENTS).stream().map(Format::name).toList();
        CommandLine root = Main.commandLine();
        for (String command : List.of("run", "suite", "dd", "saturate")) {
            CommandLine c = root.getSubcommands().get(command);
            List<String> candidates = new ArrayList<>();
            c.getCommandSpec().findOption("--format").completionCandidates().forEach(candidates::add);
            assertThat(candidates).as(command).isEqualTo(names);
            assertThat(c.getUsageMessage(CommandLine.Help.Ansi.OFF)).as(command).contains(String.join(", ", names));
        }
    }

    @Test
    void theSessionWritesTheNewFormatToTheFileAndTheTextToStdout(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.tsv");
        Output output = new Output();
        output.file = file.toString();
        Output.Choice choice = output.choose(OutputOptions.formats("run", DOCUMENTS), null, null,
                new PrintWriter(new StringWriter()));
        assertThat(choice.format()).isEqualTo(TSV.format());

        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        LocalHost host = new LocalHost(RunFormats.document(choice.format(), DOCUMENTS).orElseThrow(), choice.file(),
                true, out, out, false, null);
        List<BenchmarkResult> results = fixture();
        int status = host.keep(results, rs -> out.println("the text of " + rs.size() + " benchmarks"), Map.of());

        assertThat(status).isZero();
        assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo("the text of " + results.size()
                + " benchmarks\n");
        assertThat(Files.readString(file)).startsWith("job\truns\n" + results.getFirst().job().name() + "\t");
        assertThat(Files.readAllLines(file)).hasSize(results.size() + 1);
    }

    private static List<BenchmarkResult> fixture() throws Exception {
        try (InputStream in = AddingARunFormatTest.class.getResourceAsStream("/report/fixtures/randrw-rate-verify-v1.json")) {
            return JsonReportReader.benchmarks(JsonReportReader.tree(new String(in.readAllBytes(),
                    StandardCharsets.UTF_8)));
        }
    }
}
