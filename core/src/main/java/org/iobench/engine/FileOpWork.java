package org.iobench.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * What one of fio's file-operation engines ({@code filecreate}, {@code filestat}, {@code filedelete}) works on:
 * request {@code i} is one call on {@code files.get(i)}.
 *
 * @param files          the job's files, in fio's order ({@code jobname.jobnum.filenum})
 * @param layoutBytes    bytes each file gets written before the run (filestat, filedelete: fio lays them out); 0
 *                       for filecreate, whose files the run creates
 * @param stat           which stat call filestat makes: {@code stat}, {@code lstat} or {@code statx}
 * @param allowExisting  consent to work on files that existed before (deleting them, for filedelete)
 * @param keep           leave the files the engine made when it is done (else they are removed)
 */
public record FileOpWork(List<Path> files, long layoutBytes, String stat, boolean allowExisting, boolean keep)
        implements EngineInput {
    public FileOpWork {
        files = List.copyOf(files);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a file-operation engine needs at least one file");
        }
    }
}
