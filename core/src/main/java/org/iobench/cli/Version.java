package org.iobench.cli;

import org.iobench.session.IobenchVersion;
import org.iobench.sysmon.env.EnvironmentProbe;
import picocli.CommandLine.IVersionProvider;

/**
 * iobench's version, from the build; {@code --version} prints it with the commit the build came from and the JDK
 * it runs on.
 */
public final class Version implements IVersionProvider {
    public static String get() {
        return IobenchVersion.get();
    }

    @Override
    public String[] getVersion() {
        String commit = EnvironmentProbe.gitCommit();
        return new String[] {"iobench " + get() + " (commit " + (commit == null ? "unknown" : commit) + ")",
                "JDK " + Runtime.version() + " (" + System.getProperty("java.vendor") + ", "
                        + System.getProperty("java.home") + ")"};
    }
}
