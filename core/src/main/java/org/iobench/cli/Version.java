package org.iobench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** iobench's version, from the build. */
public final class Version implements IVersionProvider {
    public static String get() {
        try (InputStream in = Version.class.getResourceAsStream("/org/iobench/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"iobench " + get(), "Java " + Runtime.version()};
    }
}
