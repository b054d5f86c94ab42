package org.iobench.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.format.Format;
import org.iobench.job.DataPattern;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;
import org.iobench.report.RunFormats;

/**
 * The values an option or parameter takes, one list each: picocli offers them to the completion scripts and puts
 * them in the help ({@code ${COMPLETION-CANDIDATES}}), and the man page and docs/options.md are tested against them
 * ({@code HelpConsistencyTest}), so the help, the scripts and the docs name the same values.
 */
final class Candidates {
    private Candidates() {}

    /** {@code --rw}: every access pattern, the trim modes included. */
    static final class RwModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(RwMode.values()).map(RwMode::label).iterator();
        }
    }

    /** {@code --sync}. */
    static final class SyncModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(SyncMode.values()).map(SyncMode::label).iterator();
        }
    }

    /** {@code --pattern}. */
    static final class Patterns implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(DataPattern.values()).map(DataPattern::label).iterator();
        }
    }

    /** {@code --engine}: the engines installed here, as the catalog names them. */
    static final class Engines implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return EngineCatalog.installed().engines().stream().filter(EngineDescription::runnable)
                    .map(EngineDescription::name).iterator();
        }
    }

    /** {@code --metric} of compare, check and history. */
    static final class Metrics implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("MB/s", "MiB/s", "KB/s", "KiB/s", "GB/s", "iops", "ns/op", "ops/s").iterator();
        }
    }

    /** {@code --verify}. */
    static final class Checksums implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(VerifyChecksum.values()).filter(c -> c != VerifyChecksum.NONE)
                    .map(VerifyChecksum::label).iterator();
        }
    }

    /**
     * {@code --format} of the commands that run jobs: the text and every document of {@code RunFormats.DOCUMENTS},
     * so a new format is in the help and the completion scripts with its one line there.
     */
    static final class RunFormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return RunFormats.formats(RunFormats.DOCUMENTS).stream().map(Format::name).iterator();
        }
    }

    /** {@code suite NAME}. */
    static final class Suites implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.copyOf(SuiteCommand.NAMES).iterator();
        }
    }
}
