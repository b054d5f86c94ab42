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

    boolean global() {
        return name.equals("global");
    }
}
