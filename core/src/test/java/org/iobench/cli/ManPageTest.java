package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManPageTest {
    private static final String PAGE = ManPage.render(Main.commandLine());

    @Test
    void thePageHasEveryCommandItsOptionsAndTheExitStatuses() {
        assertThat(PAGE).startsWith(".TH IOBENCH 1 ");
        for (Class<?> c : Subcommands.ALL) {
            assertThat(PAGE).contains(".SS \"iobench " + Subcommands.name(c) + "\"");
        }
        assertThat(PAGE).contains("\\fB\\-\\-threads\\fR \\fIN\\fR").contains(".SH EXIT STATUS")
                .contains("\\fB130\\fR").contains("IOBENCH_JAVA_HOME");
    }

    @Test
    void noTextLineStartsAsATroffRequest() {
        assertThat(PAGE.lines().filter(l -> l.startsWith(".") || l.startsWith("'")))
                .allMatch(l -> l.matches("^\\.(TH|SH|SS|TP|PP|B|BR|br) ?.*"));
        assertThat(ManPage.escape(".hidden\n'quote\\")).isEqualTo("\\&.hidden\n\\&'quote\\e");
    }

    @Test
    void groffFormatsThePageWithoutWarnings(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff is not installed (/usr/bin/groff)");
        Path page = dir.resolve("iobench.1");
        Files.writeString(page, PAGE);
        Process p = new ProcessBuilder("/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", page.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).isEmpty();
        assertThat(p.exitValue()).isZero();
    }
}
