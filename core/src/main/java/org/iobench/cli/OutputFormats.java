package org.iobench.cli;

import java.util.List;
import java.util.Optional;
import org.iobench.format.Format;

/**
 * The output formats one command has, for {@code --format}: the formats (the default first), the formats a file
 * named by {@code -o FILE} may hold, and the one such a file gets when neither {@code --format} nor its extension
 * says. Names and extensions are parsed by {@link Format}.
 *
 * @param command     the command's name, for messages
 * @param formats     the formats, the default on standard output first
 * @param fileFormats the formats {@code -o FILE} may be written in (a subset of {@code formats})
 * @param fileDefault the format of {@code -o FILE} when neither {@code --format} nor FILE's extension names one
 */
record OutputFormats(String command, List<Format> formats, List<Format> fileFormats, Format fileDefault) {
    OutputFormats {
        formats = List.copyOf(formats);
        fileFormats = List.copyOf(fileFormats);
        if (!formats.containsAll(fileFormats) || !fileFormats.contains(fileDefault)) {
            throw new IllegalArgumentException(command + ": " + fileFormats + " / " + fileDefault);
        }
    }

    /** A command whose every format can go to stdout or a file; a file's default is the stdout default. */
    static OutputFormats of(String command, Format... formats) {
        return new OutputFormats(command, List.of(formats), List.of(formats), formats[0]);
    }

    /** A command whose every format, {@code formats}, can go to stdout or a file. */
    static OutputFormats of(String command, List<Format> formats) {
        return new OutputFormats(command, formats, formats, formats.getFirst());
    }

    Format standardDefault() {
        return formats.getFirst();
    }

    /** The format {@code --format value} names among this command's, if any. */
    Optional<Format> named(String value) {
        return Format.named(value, formats);
    }

    /** The format FILE's extension names, when this command can write it to a file. */
    Optional<Format> byExtension(String file) {
        return Format.ofFile(file, fileFormats);
    }
}
