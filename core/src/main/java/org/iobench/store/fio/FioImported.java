package org.iobench.store.fio;

import java.util.List;
import org.iobench.result.BenchmarkResult;

/**
 * What an fio JSON document imports as.
 *
 * @param results one result per fio job (clones summed), in the document's order
 * @param skipped one line per job iobench cannot express, naming it and why; the other jobs still import
 */
public record FioImported(List<BenchmarkResult> results, List<String> skipped) {
    public FioImported {
        results = List.copyOf(results);
        skipped = List.copyOf(skipped);
    }
}
