package org.iobench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.iobench.session.ExitException;
import org.iobench.session.IoReasons;

/**
 * A file named on the command line that a command reads (a result to import or report, a job file, a run's JSON
 * for verify). Whatever is wrong with it is bad input: status 2 and one line naming the option, the file and the
 * reason ("no such file or directory", "is a directory", "permission denied", "not UTF-8 text", "not JSON").
 */
final class InputFile {
    /** Larger than any result or job file; a bigger one is a mistake (a disk image, a device). */
    static final long MAX_BYTES = 1L << 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    private InputFile() {}

    /**
     * The file's text.
     *
     * @param what the option or parameter for messages ({@code --input}, {@code FILE})
     * @throws ExitException status 2
     */
    static String readText(String what, Path file) {
        if (Files.isDirectory(file)) {
            throw bad(what, file, "is a directory");
        }
        if (FileKind.blockDevice(file)) {
            throw bad(what, file, "is a block device, not a file to read");
        }
        try {
            if (Files.isRegularFile(file) && Files.size(file) > MAX_BYTES) {
                throw bad(what, file, "is larger than 1 GiB; not a result or job file");
            }
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw bad(what, file, "not UTF-8 text, so neither JSON nor a job file");
        } catch (IOException e) {
            throw new ExitException(ExitException.USAGE, what + " " + file + ": " + IoReasons.reason(e), e);
        }
    }

    /**
     * The file parsed as one JSON document.
     *
     * @throws ExitException status 2: unreadable, empty, not JSON, or cut short (a truncated file)
     */
    static JsonNode readJson(String what, Path file) {
        return readJson(what, file, UnaryOperator.identity());
    }

    /** As {@link #readJson(String, Path)}, parsing {@code prepare} applied to the file's text. */
    static JsonNode readJson(String what, Path file, UnaryOperator<String> prepare) {
        String text = prepare.apply(readText(what, file));
        if (text.isBlank()) {
            throw bad(what, file, "is empty, not JSON");
        }
        try {
            JsonNode doc = JSON.readTree(text);
            if (doc == null || doc.isMissingNode()) {
                throw bad(what, file, "is empty, not JSON");
            }
            return doc;
        } catch (JsonEOFException e) {
            throw new ExitException(ExitException.USAGE, what + " " + file + ": not JSON: it ends in the middle of"
                    + " the document (truncated?)", e);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new ExitException(ExitException.USAGE, what + " " + file + ": not JSON (" + (at == null ? ""
                    : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ")
                    + IoReasons.firstLine(e.getOriginalMessage()) + ")", e);
        }
    }

    private static ExitException bad(String what, Path file, String why) {
        return ExitException.usage(what + " " + file + ": " + why);
    }
}
