package org.iobench.job.fio;

import java.util.List;

/**
 * A {@code [name]} section of a job file with its settings in file order.
 *
 * @param where {@code file:line} of the header
 */
record FioSection(String name, String where, List<FioSetting> settings) {
    FioSection {
        settings = List.copyOf(settings);
    }

    /**
     * A section of defaults rather than a job: as fio 3.33 tells them ({@code strncmp(name, "global", 6)} in
     * init.c, for job files and {@code --name=} alike), any name that begins with {@code global}, case and all:
     * {@code [global-defaults]} and {@code [globalx]} are, {@code [Global]} is a job.
     */
    boolean global() {
        return name.startsWith("global");
    }
}
