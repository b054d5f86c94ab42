package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes iobench(1), the man page, in troff ({@code man(7)} macros) from the same picocli model that parses the
 * command line: every command, option and exit status on one page. The build runs it
 * ({@code java -cp iobench.jar org.iobench.cli.ManPage FILE}) and the release archive carries the page as
 * {@code man/man1/iobench.1}.
 *
 * <p>picocli's own generator (picocli-codegen's ManPageGenerator) writes AsciiDoc, which needs Asciidoctor to become
 * troff; this writes troff directly, with no build dependency beyond the JDK.
 */
public final class ManPage {
    private static final List<String[]> ENVIRONMENT = List.of(
            new String[] {"IOBENCH_ALLOW_OVERWRITE", "1: consent to write to an existing file or a block device in"
                    + " iobench dd (as --allow-overwrite), so a script's dd lines run unchanged"},
            new String[] {"IOBENCH_DB", "the result database when --db is not given (a SQLite file or a JDBC URL)"},
            new String[] {"XDG_DATA_HOME", "the default database is $XDG_DATA_HOME/iobench/results.db"},
            new String[] {"IOBENCH_JAVA_HOME", "the JDK (25 or newer) bin/iobench runs on"},
            new String[] {"JAVA_HOME", "used when it is a JDK 25 or newer and IOBENCH_JAVA_HOME is not set"},
            new String[] {"IOBENCH_JAVA_OPTS", "JVM options added by bin/iobench, for example -Xmx8g"},
            new String[] {"XDG_CACHE_HOME", "bin/iobench remembers the JDK it found in"
                    + " $XDG_CACHE_HOME/iobench/java-home (default ~/.cache)"});

    private ManPage() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ManPage FILE");
            System.exit(2);
        }
        Files.writeString(Path.of(args[0]), render(Main.commandLine()), StandardCharsets.UTF_8);
    }

    /** The page for the command tree {@code root}. */
    static String render(CommandLine root) {
        StringWriter text = new StringWriter();
        PrintWriter w = new PrintWriter(text);
        CommandSpec spec = root.getCommandSpec();
        w.println(".TH IOBENCH 1 \"\" \"iobench " + escape(Version.get()) + "\" \"User Commands\"");
        w.println(".SH NAME");
        w.println("iobench \\- " + escape(lowerFirst(firstLine(spec))));
        w.println(".SH SYNOPSIS");
        w.println(".B iobench");
        w.println("[\\fIOPTIONS\\fR]");
        w.println(".br");
        w.println(".B iobench");
        w.println("\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]");
        w.println(".br");
        w.println(".B iobench help");
        w.println("[\\fICOMMAND\\fR]");
        w.println(".SH DESCRIPTION");
        paragraphs(w, spec.usageMessage().description());
        w.println(".SH OPTIONS");
        w.println(escape("Without a command, these options apply to the quick suite. Given before a command, an"
                + " option is the command's, as after it (iobench --db F import X is iobench import --db F X); one the"
                + " command does not take is refused (exit status 2). --debug applies wherever it is given."));
        options(w, spec);
        w.println(".SH COMMANDS");
        for (Map.Entry<String, CommandLine> e : spec.subcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            w.println(".SS \"iobench " + escape(e.getKey()) + "\"");
            synopsis(w, sub);
            w.println(".PP");
            paragraphs(w, sub.usageMessage().description());
            options(w, sub);
            paragraphs(w, sub.usageMessage().footer());
        }
        w.println(".SH EXIT STATUS");
        spec.usageMessage().exitCodeList().forEach((code, meaning) -> item(w, "\\fB" + escape(code.trim()) + "\\fR",
                meaning));
        w.println(".SH ENVIRONMENT");
        ENVIRONMENT.forEach(e -> item(w, "\\fB" + e[0] + "\\fR", e[1]));
        w.println(".SH FILES");
        item(w, "\\fI~/.local/share/iobench/results.db\\fR", "the default result database (SQLite)");
        w.println(".SH SEE ALSO");
        w.println(".BR fio (1),");
        w.println(".BR dd (1),");
        w.println(".BR vmstat (8),");
        w.println(".BR iostat (1)");
        w.flush();
        return text.toString();
    }

    private static void synopsis(PrintWriter w, CommandSpec spec) {
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        String line = help.synopsis(0).strip().replaceAll("\\s+", " ");
        int space = line.indexOf(' ');
        String command = space < 0 ? line : line.substring(0, space);
        String rest = space < 0 ? "" : line.substring(space + 1);
        w.println(".B " + escape(command));
        if (spec.parent() != null) {
            w.println(".B " + escape(spec.name()));
        }
        if (!rest.isEmpty()) {
            w.println(escape(spec.parent() != null && rest.startsWith(spec.name() + " ")
                    ? rest.substring(spec.name().length() + 1) : rest));
        }
    }

    private static void options(PrintWriter w, CommandSpec spec) {
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                item(w, "\\fI" + escape(p.paramLabel()) + "\\fR", String.join(" ", p.description()));
            }
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            String names = String.join(", ", o.names().length > 1 && o.names()[0].length() > o.names()[1].length()
                    ? List.of(o.names()).reversed() : List.of(o.names()));
            String label = o.typeInfo().isBoolean() || o.arity().max() == 0 ? "" : " \\fI" + escape(o.paramLabel())
                    + "\\fR";
            item(w, "\\fB" + escape(names) + "\\fR" + label, String.join(" ", o.description()));
        }
    }

    private static void item(PrintWriter w, String tag, String text) {
        w.println(".TP");
        w.println(tag);
        w.println(escape(format(text)));
    }

    private static void paragraphs(PrintWriter w, String[] lines) {
        for (String line : lines) {
            String text = format(line);
            if (text.isBlank()) {
                w.println(".PP");
            } else {
                w.println(escape(text));
                w.println(".br");
            }
        }
    }

    private static String firstLine(CommandSpec spec) {
        String[] d = spec.usageMessage().description();
        String line = d.length == 0 ? "" : format(d[0]);
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** picocli's format markers as plain text: {@code %n} is a line break, {@code %%} a percent sign. */
    private static String format(String s) {
        return s.replace("%n", "\n").replace("%%", "%");
    }

    /** Text made safe for troff: backslashes, hyphens of options, and lines that would start a request. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (String line : s.replace("\\", "\\e").replace("-", "\\-").split("\n", -1)) {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append(line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line);
        }
        return b.toString();
    }
}
