package org.iobench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The test process's {@code /proc/self/io} counters ({@code rchar}, {@code wchar}, ...), by name. */
public final class ProcSelfIo {
    private ProcSelfIo() {}

    public static Map<String, Long> read() throws IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            String[] kv = line.split(":\\s*");
            m.put(kv[0], Long.parseLong(kv[1].strip()));
        }
        return m;
    }
}
