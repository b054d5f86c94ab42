package org.iobench.engine;

/**
 * An engine's own input beyond what every engine is told ({@link EngineOptions}): what {@code cpuio} burns
 * ({@link CpuWork}), the program {@code exec} runs ({@link ExecWork}), the files of the file-operation engines
 * ({@link FileOpWork}). An engine asks for its type with {@link EngineOptions#input(Class)}.
 */
public interface EngineInput {}
