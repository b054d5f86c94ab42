package org.iobench.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The jar that {@code mvn package} builds is laid out for a cheap start (issue 20, src/build/StartupJar.java): every
 * class file is one the JDK's AOT cache can hold (version 50 or later: picocli's Java 5 classes are rewritten),
 * the jar needs no other (JGroups, the multi-host engine, is inside it: no {@code Class-Path}, no {@code Add-Opens}),
 * and SQLite's native libraries are beside it for bin/iobench. Runs in Maven's verify phase (failsafe), after the jar exists.
 */
class PackagedJarIT {
    private static final Path TARGET = Path.of("target");

    @Test
    void everyClassFileIsOneTheAotCacheCanHold() throws IOException {
        Path jar = packaged();
        List<String> old = new ArrayList<>();
        int picocli = 0;
        try (JarFile j = new JarFile(jar.toFile())) {
            for (var e : Collections.list(j.entries())) {
                if (!e.getName().endsWith(".class") || e.getName().startsWith("META-INF/")) {
                    continue;
                }
                try (InputStream in = j.getInputStream(e)) {
                    DataInputStream data = new DataInputStream(in);
                    assertThat(data.readInt()).as(e.getName()).isEqualTo(0xCAFEBABE);
                    data.readUnsignedShort(); // minor
                    int major = data.readUnsignedShort();
                    if (major < 50) {
                        old.add(e.getName() + " (" + major + ")");
                    }
                    if (e.getName().startsWith("picocli/")) {
                        picocli++;
                    }
                }
            }
        }
        assertThat(picocli).as("picocli's classes are in the jar").isGreaterThan(100);
        assertThat(old).as("class files older than version 50").isEmpty();
    }

    @Test
    void theJarNeedsNoOtherJarAndOpensNoJdkInternals() throws IOException {
        Path jar = packaged();
        try (JarFile j = new JarFile(jar.toFile())) {
            assertThat(j.getManifest().getMainAttributes().getValue("Class-Path")).isNull();
            assertThat(j.getManifest().getMainAttributes().getValue("Add-Opens")).isNull();
            assertThat(j.getEntry("org/jgroups/JChannel.class")).isNotNull();
        }
    }

    @Test
    void sqliteNativeLibrariesAreBesideTheJar() {
        packaged();
        assertThat(TARGET.resolve("native/x86_64/libsqlitejdbc.so")).isRegularFile();
        assertThat(TARGET.resolve("native/aarch64/libsqlitejdbc.so")).isRegularFile();
    }

    private static Path packaged() {
        Path jar = TARGET.resolve("iobench.jar");
        assumeTrue(Files.isRegularFile(jar), "target/iobench.jar is built by mvn package; run this through mvn verify");
        return jar;
    }
}
