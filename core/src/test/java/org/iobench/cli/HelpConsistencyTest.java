package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The help, the man page, the completion scripts (bash, zsh, fish) and docs/options.md say the same: every option
 * the help of any command lists is in the man page and in each completion script, every value list an option or
 * parameter has (its completion candidates, which its help prints) is in all of them, and {@code run}'s options and
 * values are in docs/options.md. All of them are made from, or checked against, the one picocli model.
 */
class HelpConsistencyTest {
    private static final CommandLine ROOT = Main.commandLine();
    private static final String MAN = ManPage.render(ROOT);

    private static String completion(String shell) {
        InProcessMain.Result r = InProcessMain.run("completion", shell);
        assertThat(r.status()).as(r.err()).isZero();
        return r.out();
    }

    private record Entry(String command, String name, List<String> values, String help) {}

    /** Every visible option and positional with values, of every command, with the help that prints it. */
    private static List<Entry> model() {
        List<Entry> out = new ArrayList<>();
        walk(ROOT, "", out);
        return out;
    }

    private static void walk(CommandLine c, String path, List<Entry> out) {
        CommandSpec spec = c.getCommandSpec();
        String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                out.add(new Entry(path, o.longestName(), values(o.completionCandidates()), help));
            }
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            List<String> v = values(p.completionCandidates());
            if (!v.isEmpty()) {
                out.add(new Entry(path, null, v, help));
            }
        }
        for (Map.Entry<String, CommandLine> e : c.getSubcommands().entrySet()) {
            walk(e.getValue(), (path + " " + e.getKey()).strip(), out);
        }
    }

    private static List<String> values(Iterable<String> c) {
        List<String> out = new ArrayList<>();
        if (c != null) {
            c.forEach(out::add);
        }
        return out;
    }

    @Test
    void everyOptionAndValueListOfTheHelpIsInTheManPageAndEachCompletionScript() {
        String bash = completion("bash");
        String zsh = completion("zsh");
        String fish = completion("fish");
        SoftAssertions soft = new SoftAssertions();
        for (Entry e : model()) {
            String what = (e.command().isEmpty() ? "iobench" : e.command()) + " " + (e.name() == null ? "PARAM"
                    : e.name());
            if (e.name() != null) {
                soft.assertThat(e.help()).as(what + " in its help").contains(e.name());
                soft.assertThat(MAN).as(what + " in the man page").contains(ManPage.escape(e.name()));
                soft.assertThat(bash).as(what + " in bash").contains(e.name());
                soft.assertThat(zsh).as(what + " in zsh").contains(e.name());
                soft.assertThat(fish).as(what + " in fish").contains(e.name().startsWith("--")
                        ? "-l " + e.name().substring(2) : "-s " + e.name().substring(1));
            }
            if (!e.values().isEmpty()) {
                String list = String.join(", ", e.values());
                soft.assertThat(e.help().replaceAll("\\s+", " ")).as(what + " values in its help").contains(list);
                soft.assertThat(MAN.replaceAll("\\s+", " ")).as(what + " values in the man page")
                        .contains(ManPage.escape(list));
                String quoted = "(\"" + String.join("\" \"", e.values()) + "\")";
                soft.assertThat(bash).as(what + " values in bash").contains(quoted);
                soft.assertThat(zsh).as(what + " values in zsh").contains(quoted);
                soft.assertThat(fish).as(what + " values in fish").contains("'" + String.join(" ", e.values()) + "'");
            }
        }
        soft.assertAll();
    }

    @Test
    void eachOptionOfTheBashScriptOffersOnlyItsOwnValues() {
        String bash = completion("bash");
        // one variable per value list: --rw's must hold the access patterns, not the sync modes
        assertThat(bash).contains("local RW_option_args=(\"read\"").contains("local SYNC_option_args=(\"none\"");
        assertThat(bash.lines().filter(l -> l.contains("local RW_option_args")).findFirst().orElseThrow())
                .contains("\"trim\"").doesNotContain("fdatasync");
    }

    @Test
    void runsOptionsAndTheirValuesAreInDocsOptions() throws IOException {
        String doc = Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", "options.md"));
        SoftAssertions soft = new SoftAssertions();
        for (OptionSpec o : ROOT.getSubcommands().get("run").getCommandSpec().options()) {
            if (o.hidden() || o.longestName().equals("--help") || o.longestName().equals("--version")) {
                continue;
            }
            soft.assertThat(doc).as("run " + o.longestName() + " in docs/options.md").contains(o.longestName());
            for (String v : values(o.completionCandidates())) {
                soft.assertThat(doc).as("run " + o.longestName() + " value " + v + " in docs/options.md")
                        .contains("`" + v + "`");
            }
        }
        soft.assertAll();
    }

    @Test
    void theCommandListOfIobenchHelpGivesEachCommandAWholeSentence() {
        // `iobench help` lists each command with the first line of its description only
        SoftAssertions soft = new SoftAssertions();
        for (Map.Entry<String, CommandLine> e : ROOT.getSubcommands().entrySet()) {
            String[] description = e.getValue().getCommandSpec().usageMessage().description();
            soft.assertThat(description).as(e.getKey() + "'s description").isNotEmpty();
            if (description.length > 0) {
                soft.assertThat(description[0].strip()).as(e.getKey() + "'s first description line").endsWith(".");
            }
        }
        soft.assertAll();
    }

    @Test
    void noHelpNamesADeprecatedOption() {
        // a hidden option is an old spelling kept working with a warning; the help shows only the current one
        List<String> hidden = new ArrayList<>();
        List<String> visible = new ArrayList<>();
        List<String> helps = new ArrayList<>();
        collect(ROOT, hidden, visible, helps);
        hidden.removeAll(visible);
        SoftAssertions soft = new SoftAssertions();
        for (String name : new TreeSet<>(hidden)) {
            for (String help : helps) {
                soft.assertThat(help).as("a help naming the deprecated " + name)
                        .doesNotContainPattern(Pattern.quote(name) + "(?![\\w-])");
            }
        }
        soft.assertAll();
    }

    private static void collect(CommandLine c, List<String> hidden, List<String> visible, List<String> helps) {
        helps.add(c.getUsageMessage(CommandLine.Help.Ansi.OFF));
        for (OptionSpec o : c.getCommandSpec().options()) {
            (o.hidden() ? hidden : visible).addAll(List.of(o.names()));
        }
        c.getSubcommands().values().forEach(s -> collect(s, hidden, visible, helps));
    }
}
