package org.iobench.report.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.measure.FioSamples;

/** fio's I/O log files as a fio user reads them back: a compressed log ({@code .log.fz}) as its text log. */
public final class FioLogFiles {
    private FioLogFiles() {}

    /**
     * fio's {@code --inflate-log}: the text log of a {@code log_store_compressed} file.
     *
     * @throws IOException the file cannot be read, or is not a compressed fio log
     */
    public static String inflate(Path file) throws IOException {
        StringBuilder text = new StringBuilder();
        FioSamples.inflate(Files.readAllBytes(file), text);
        return text.toString();
    }
}
