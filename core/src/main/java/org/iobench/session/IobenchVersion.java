package org.iobench.session;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** iobench's version, from the build ({@code version.properties}), as results and environments record it. */
public final class IobenchVersion {
    private IobenchVersion() {}

    /** The version, {@code unknown} when the build left none. */
    public static String get() {
        try (InputStream in = IobenchVersion.class.getResourceAsStream("/org/iobench/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
