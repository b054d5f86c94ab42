package org.iobench.cli;

import java.util.List;
import java.util.Locale;

/**
 * The output formats one command has, for {@code --format}: their names (the default first), the formats a file
 * named by {@code -o FILE} may hold, and the one such a file gets when neither {@code --format} nor its extension
 * says.
 *
 * @param command     the command's name, for messages
 * @param names       canonical names, the default on standard output first
 * @param fileFormats the formats {@code -o FILE} may be written in (a subset of {@code names})
 * @param fileDefault the format of {@code -o FILE} when neither {@code --format} nor FILE's extension names one
 */
record OutputFormats(String command, List<String> names, List<String> fileFormats, String fileDefault) {
    OutputFormats {
        names = List.copyOf(names);
        fileFormats = List.copyOf(fileFormats);
        if (!names.containsAll(fileFormats) || !fileFormats.contains(fileDefault)) {
            throw new IllegalArgumentException(command + ": " + fileFormats + " / " + fileDefault);
        }
    }

    /** A command whose every format can go to stdout or a file; a file's default is the stdout default. */
    static OutputFormats of(String command, String... names) {
        return new OutputFormats(command, List.of(names), List.of(names), names[0]);
    }

    String standardDefault() {
        return names.getFirst();
    }

    /** {@code md} is {@code markdown}, {@code txt} is {@code text}; other names as they are, lower-cased. */
    static String canonical(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "md" -> "markdown";
            case "txt" -> "text";
            default -> n;
        };
    }

    /** The format FILE's extension names, when this command can write it to a file; else null. */
    String byExtension(String file) {
        int dot = file.lastIndexOf('.');
        if (dot < 0 || dot < file.lastIndexOf('/')) {
            return null;
        }
        String ext = file.substring(dot + 1).toLowerCase(Locale.ROOT);
        String format = switch (ext) {
            case "htm" -> "html";
            case "xml" -> "junit";
            case "prom" -> "prometheus"; // node_exporter's textfile collector reads *.prom
            default -> canonical(ext);
        };
        return fileFormats.contains(format) ? format : null;
    }

    /** {@code text, markdown, csv or json}. */
    String list(List<String> formats) {
        return formats.size() == 1 ? formats.getFirst()
                : String.join(", ", formats.subList(0, formats.size() - 1)) + " or " + formats.getLast();
    }
}
