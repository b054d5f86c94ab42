package org.iobench.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.iobench.catalog.EngineDescription;
import org.iobench.engine.Engines;
import org.junit.jupiter.api.Test;

/**
 * Engines describe themselves; nothing outside {@code engine} needs an engine's name. No string literal in the main
 * sources outside {@code org.iobench.engine} is an engine's name or one of fio's names for it: what a job, a result
 * or a message needs of an engine is read from its description (flags, fio's names, its title). {@code sys} is left
 * out: it binds system calls some engines are named after ({@code ftruncate}). The word {@code sync} is left out too:
 * besides fio's engine it names fio's {@code sync=} option and the O_SYNC mode; so is {@code null} in the one file
 * that names fio's verify modes ({@code verify=null}, fio's "pretend to verify").
 */
class NoEngineNamesOutsideEnginesTest {
    private static final Path MAIN = Path.of("src/main/java/org/iobench");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void noMainSourceOutsideTheEnginesNamesAnEngine() throws IOException {
        Set<String> names = new HashSet<>();
        for (EngineDescription d : Engines.installed().descriptions()) {
            names.add(d.name());
            names.addAll(d.fioNames());
        }
        names.remove("sync");
        assertThat(names).contains("psync", "uring", "io_uring", "libaio", "null", "cpuio", "filecreate");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = MAIN.relativize(f).toString();
                if (rel.startsWith("engine/") || rel.startsWith("sys/")) {
                    continue;
                }
                List<String> lines = Files.readAllLines(f);
                boolean verifyModes = rel.equals("job/FioVerifyType.java");
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = LITERAL.matcher(lines.get(i));
                    while (m.find()) {
                        if (names.contains(m.group(1)) && !(verifyModes && m.group(1).equals("null"))) {
                            found.add(rel + ":" + (i + 1) + ": \"" + m.group(1) + "\"");
                        }
                    }
                }
            }
        }
        assertThat(found).as("engine names outside org.iobench.engine").isEmpty();
    }
}
