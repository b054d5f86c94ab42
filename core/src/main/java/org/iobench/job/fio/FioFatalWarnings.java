package org.iobench.job.fio;

import java.util.List;
import org.iobench.job.InvalidJobException;

/**
 * fio's {@code --warnings-fatal} refusing a command line for its parser warnings ({@link FioFixups}): fio prints each
 * line where it prints it, {@code log_err}'s on stderr and {@code log_info}'s with the report (stdout, or the
 * {@code --output} file), and exits 1.
 *
 * @see FioInvocation#read
 */
public final class FioFatalWarnings extends InvalidJobException {
    private final List<String> lines;

    FioFatalWarnings(List<String> lines) {
        super(String.join("\n", lines));
        this.lines = List.copyOf(lines);
    }

    /** fio's {@code log_err} lines: for stderr. */
    public List<String> errors() {
        return lines.stream().filter(l -> !FioFixups.INFO.contains(l)).toList();
    }

    /** fio's {@code log_info} lines: for the report's stream. */
    public List<String> infos() {
        return lines.stream().filter(FioFixups.INFO::contains).toList();
    }
}
