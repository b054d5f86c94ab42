package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The module must stay usable on its own: main code imports only the JDK and this module. */
class DependencyTest {

    @Test
    void mainCodeImportsNothingButTheJdkAndThisModule() throws IOException {
        Path main = Path.of("src/main/java");
        assertThat(main).isDirectory();
        List<String> foreign;
        try (Stream<Path> files = Files.walk(main)) {
            foreign = files.filter(f -> f.toString().endsWith(".java"))
                    .flatMap(f -> {
                        try {
                            return Files.readAllLines(f).stream().map(l -> f.getFileName() + ": " + l.strip());
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .filter(l -> l.contains(": import "))
                    .filter(l -> !l.matches(".*: import (static )?(java|javax)\\..*")
                            && !l.matches(".*: import (static )?org\\.iobench\\.micro\\..*"))
                    .toList();
        }
        assertThat(foreign).isEmpty();
    }
}
