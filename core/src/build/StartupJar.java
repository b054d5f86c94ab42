import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A build step (run by Maven as a source-file program, {@code java StartupJar.java JAR NATIVE_DIR [LIBRARY_JAR...]},
 * between the shaded jar and its AOT cache) that makes the shaded jar cheaper to start; the code it holds keeps its
 * meaning:
 * <ol>
 *   <li>class files older than version 50 (Java 6) are rewritten as version 52 (Java 8) with the stack-map frames
 *       that version needs, instructions unchanged. The JDK's AOT cache cannot hold a class of version 49 once it
 *       has run (the old verifier links it), so picocli 4.7.7's 228 classes, compiled for Java 5, and every class
 *       of iobench that implements one of its interfaces were read, parsed and verified at each start;</li>
 *   <li>sqlite-jdbc's native libraries for Linux are copied out to {@code NATIVE_DIR/ARCH/libsqlitejdbc.so}, where
 *       {@code bin/iobench} points sqlite-jdbc at them ({@code -Dorg.sqlite.lib.path}): otherwise each run that
 *       opens the result store first copies 1.1 MB out of the jar into the temporary directory;</li>
 *   <li>each LIBRARY_JAR is copied beside JAR, where the jar's {@code Class-Path} names it: a library kept out of
 *       the shaded jar (none today; a library of many entries, which the JVM reads at every start of a jar holding
 *       them, would be one).</li>
 * </ol>
 * Prints one line saying what it did; exits 1 when a class cannot be rewritten (the build must not ship half).
 */
public final class StartupJar {
    private static final int OLDEST_CACHEABLE = 50;
    private static final int REWRITTEN_AS = 52;
    private static final String SQLITE_NATIVE = "org/sqlite/native/Linux/";

    private StartupJar() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java StartupJar.java JAR NATIVE_DIR [LIBRARY_JAR...]");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path nativeDir = Path.of(args[1]);
        int rewritten;
        int libraries;
        try (URLClassLoader classes = new URLClassLoader(new java.net.URL[] {jar.toUri().toURL()}, null);
             FileSystem zip = FileSystems.newFileSystem(jar, Map.of())) {
            ClassFile classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                    ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofResourceParsing(classes))));
            rewritten = upgradeOldClasses(zip, classFile);
            libraries = copySqliteLibraries(zip, nativeDir);
        }
        for (int i = 2; i < args.length; i++) {
            Path library = Path.of(args[i]);
            Files.copy(library, jar.resolveSibling(library.getFileName()), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        System.out.println("StartupJar: " + rewritten + " class files rewritten as version " + REWRITTEN_AS + ", "
                + libraries + " SQLite native libraries in " + nativeDir + ", " + (args.length - 2)
                + " library jars copied beside " + jar.getFileName());
    }

    /** Rewrites every class file of the jar older than version 50; returns how many. */
    private static int upgradeOldClasses(FileSystem zip, ClassFile classFile) throws IOException {
        List<Path> classes = new ArrayList<>();
        try (Stream<Path> all = Files.walk(zip.getPath("/"))) {
            all.filter(p -> p.toString().endsWith(".class") && !p.startsWith("/META-INF/")).forEach(classes::add);
        }
        int n = 0;
        for (Path p : classes) {
            byte[] bytes = Files.readAllBytes(p);
            ClassModel model = classFile.parse(bytes);
            if (model.majorVersion() >= OLDEST_CACHEABLE) {
                continue;
            }
            // every method body is written anew, so the frames the new version requires are generated
            byte[] upgraded = classFile.transformClass(model, ClassTransform.transformingMethodBodies(
                    CodeTransform.ACCEPT_ALL).andThen(ClassTransform.endHandler(b -> b.withVersion(REWRITTEN_AS, 0))));
            if (classFile.parse(upgraded).majorVersion() != REWRITTEN_AS) {
                throw new IllegalStateException(p + ": not rewritten");
            }
            FileTime time = Files.getLastModifiedTime(p);
            Files.write(p, upgraded);
            Files.setLastModifiedTime(p, time); // the shaded jar's fixed timestamps (reproducible builds)
            n++;
        }
        return n;
    }

    /** Copies {@code org/sqlite/native/Linux/ARCH/libsqlitejdbc.so} to {@code dir/ARCH/}; returns how many. */
    private static int copySqliteLibraries(FileSystem zip, Path dir) throws IOException {
        Path root = zip.getPath("/" + SQLITE_NATIVE);
        if (!Files.isDirectory(root)) {
            return 0;
        }
        int n = 0;
        try (Stream<Path> arches = Files.list(root)) {
            for (Path arch : arches.toList()) {
                Path lib = arch.resolve("libsqlitejdbc.so");
                if (Files.isRegularFile(lib)) {
                    Path out = dir.resolve(arch.getFileName().toString().replace("/", ""));
                    Files.createDirectories(out);
                    Files.copy(lib, out.resolve("libsqlitejdbc.so"), StandardCopyOption.REPLACE_EXISTING);
                    n++;
                }
            }
        }
        return n;
    }
}
