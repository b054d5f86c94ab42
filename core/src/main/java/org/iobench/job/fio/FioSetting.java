package org.iobench.job.fio;

/**
 * One {@code key=value} line of a job file, after fio's comment stripping and substitutions.
 *
 * @param key   the option as written ({@code bs}, {@code blocksize}); a bare flag has value {@code ""}
 * @param where {@code file:line} for messages
 * @param unset the unset {@code ${VAR}}s the value used ({@code ""} when none), to explain an empty value
 */
record FioSetting(String key, String value, String where, String unset) {

    /** {@code key=value}, or the bare key of a flag. */
    String text() {
        return value.isEmpty() ? key : key + "=" + value;
    }
}
