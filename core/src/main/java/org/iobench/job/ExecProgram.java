package org.iobench.job;

import java.util.List;

/**
 * What fio's {@code exec} engine runs for a job: a program started at the job's first request, running beside the
 * other jobs of its stage; when the job's time is up it gets SIGTERM, then SIGKILL after the grace time.
 *
 * @param command    the program and its arguments (fio splits {@code arguments} at spaces, {@code %r} the runtime
 *                   in seconds, {@code %n} the job's name)
 * @param graceNanos how long a program may take to end after SIGTERM ({@code grace_time}, 1 s by default)
 * @param redirect   its output goes to {@code NAME.stdout} and {@code NAME.stderr} in the current directory
 *                   ({@code std_redirect}, the default); false: to iobench's own
 */
public record ExecProgram(List<String> command, long graceNanos, boolean redirect) {
    public ExecProgram {
        command = List.copyOf(command);
        if (command.isEmpty() || command.getFirst().isBlank()) {
            throw new InvalidJobException("program", "", "no program is defined (fio: it is mandatory)");
        }
        if (graceNanos < 0) {
            throw new InvalidJobException("grace_time", graceNanos, "must be at least 0");
        }
    }
}
