package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.iobench.job.InvalidJobException;

/**
 * fio's INI reading ({@code init.c}): blank lines and lines starting with {@code ;} or {@code #} are skipped; on
 * other lines everything from the first {@code ;} or {@code #} on is a comment; {@code [name]} starts a section
 * ({@code [global]} sets defaults for the sections after it); {@code include FILE} inside a section reads FILE's
 * option lines there; each option line is substituted ({@link FioExpansion}) as fio does.
 */
final class FioReader {
    private final FioHost host;
    private final UnaryOperator<String> includes;

    /**
     * @param includes the text of an included file by the name written after {@code include}; throws
     *                 {@link InvalidJobException} when it cannot be read
     */
    FioReader(FioHost host, UnaryOperator<String> includes) {
        this.host = host;
        this.includes = includes;
    }

    List<FioSection> read(String file, String text) {
        if (text.startsWith("\uFEFF")) {
            // a UTF-8 byte-order mark, as Windows editors save: not part of the first line (fio 3.33 refuses the
            // file: "option <\uFEFF[a]> outside of [] job section"; iobench reads it without the mark)
            text = text.substring(1);
        }
        List<FioSection> sections = new ArrayList<>();
        String name = null;
        String header = null;
        List<FioSetting> settings = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = file + ":" + (i + 1);
            String line = strip(lines[i]);
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.length() < 3) {
                    throw new InvalidJobException(where + ": '" + line + "' is not a section header ([name])");
                }
                if (name != null) {
                    sections.add(new FioSection(name, header, settings));
                }
                name = line.substring(1, line.length() - 1).strip();
                header = where;
                settings = new ArrayList<>();
                continue;
            }
            if (name == null) {
                throw new InvalidJobException(where + ": option '" + line + "' outside a section; start with"
                        + " [global] or [jobname]");
            }
            if (line.startsWith("include ") || line.equals("include")) {
                String included = line.substring("include".length()).strip();
                readIncluded(included, includes.apply(included), settings);
                continue;
            }
            settings.add(setting(line, where));
        }
        if (name != null) {
            sections.add(new FioSection(name, header, settings));
        }
        return sections;
    }

    private void readIncluded(String file, String text, List<FioSetting> settings) {
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = file + ":" + (i + 1);
            String line = strip(lines[i]);
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                throw new InvalidJobException(where + ": an included file holds options only, no [section]"
                        + " (as in fio)");
            }
            settings.add(setting(line, where));
        }
    }

    private FioSetting setting(String line, String where) {
        int eq = line.indexOf('=');
        String key = (eq < 0 ? line : line.substring(0, eq)).strip();
        String raw = eq < 0 ? "" : line.substring(eq + 1).strip();
        try {
            FioExpansion.Expanded e = FioExpansion.expand(raw, host);
            return new FioSetting(key, e.value().strip(), where, e.unsetVariables().orElse(""));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new InvalidJobException(where + ": " + key + "=" + raw + ": " + e.getMessage());
        }
    }

    /** fio's {@code strip_blank_front}/{@code strip_blank_end}: comments cut at the first ';' or '#'. */
    static String strip(String line) {
        String t = line.strip();
        if (t.startsWith(";") || t.startsWith("#")) {
            return "";
        }
        int cut = t.length();
        int semi = t.indexOf(';');
        int hash = t.indexOf('#');
        if (semi >= 0) {
            cut = semi;
        }
        if (hash >= 0) {
            cut = Math.min(cut, hash);
        }
        return t.substring(0, cut).strip();
    }
}
