package org.iobench.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * The program the {@code exec} engine runs (fio's {@code exec}).
 *
 * @param command    the program and its arguments
 * @param stdout     where its standard output goes; null: iobench's own
 * @param stderr     where its standard error goes; null: iobench's own
 * @param graceNanos how long it may take to end after SIGTERM before SIGKILL
 */
public record ExecWork(List<String> command, Path stdout, Path stderr, long graceNanos) implements EngineInput {
    public ExecWork {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("an exec engine needs a program");
        }
    }
}
