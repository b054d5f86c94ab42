package org.iobench.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An output format as the command line names it: its name for {@code --format}, the other spellings
 * {@code --format} takes, and the file extensions that choose it for {@code -o FILE} (JMH's {@code ResultFormatType}
 * habit: formats are values, not strings). The one place format names and extensions are parsed
 * ({@link #named}, {@link #ofFile}); what a format writes is the business of the package that writes it (a table
 * writer, a run's documents).
 *
 * <pre>
 * List&lt;Format&gt; formats = List.of(Format.TEXT, Format.JSON);
 * Format.named("TXT", formats);          // TEXT
 * Format.ofFile("out/run.json", formats); // JSON
 * </pre>
 *
 * @param name       the canonical name, lower case ({@code markdown})
 * @param aliases    other names {@code --format} takes ({@code md})
 * @param extensions file extensions besides the name itself that choose it ({@code md}, {@code htm})
 */
public record Format(String name, List<String> aliases, List<String> extensions) {
    public static final Format TEXT = new Format("text", List.of("txt"), List.of("txt"));
    public static final Format MARKDOWN = new Format("markdown", List.of("md"), List.of("md"));
    public static final Format CSV = new Format("csv", List.of(), List.of());
    public static final Format JSON = new Format("json", List.of(), List.of());
    public static final Format HTML = new Format("html", List.of(), List.of("htm"));
    public static final Format JUNIT = new Format("junit", List.of(), List.of("xml"));
    /** node_exporter's textfile collector reads {@code *.prom}. */
    public static final Format PROMETHEUS = new Format("prometheus", List.of(), List.of("prom"));
    public static final Format OPENMETRICS = new Format("openmetrics", List.of(), List.of());
    public static final Format HDR = new Format("hdr", List.of(), List.of());

    public Format {
        aliases = List.copyOf(aliases);
        extensions = List.copyOf(extensions);
    }

    /** A format no other format's name or spelling collides with, chosen by its name and {@code extensions}. */
    public static Format of(String name, String... extensions) {
        return new Format(name, List.of(), List.of(extensions));
    }

    /** The one of {@code formats} that {@code --format value} names, case-insensitively (name or alias). */
    public static Optional<Format> named(String value, List<Format> formats) {
        String n = value.strip().toLowerCase(Locale.ROOT);
        return formats.stream().filter(f -> f.name.equals(n) || f.aliases.contains(n)).findFirst();
    }

    /**
     * The first of {@code formats} that FILE's extension chooses (the extension is the format's name or one of its
     * extensions), or empty when FILE has no extension or none of them has it.
     */
    public static Optional<Format> ofFile(String file, List<Format> formats) {
        int dot = file.lastIndexOf('.');
        if (dot < 0 || dot < file.lastIndexOf('/')) {
            return Optional.empty();
        }
        String ext = file.substring(dot + 1).toLowerCase(Locale.ROOT);
        return formats.stream().filter(f -> f.name.equals(ext) || f.extensions.contains(ext)).findFirst();
    }

    /** {@code text, markdown, csv or json}: the names, for messages. */
    public static String list(List<Format> formats) {
        List<String> names = formats.stream().map(Format::name).toList();
        return names.size() == 1 ? names.getFirst()
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
    }

    @Override
    public String toString() {
        return name;
    }
}
