package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.session.OverlappedRunsTest;
import org.iobench.session.ResultSaver;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare and check mark a pooled row that holds runs which overlapped in time on one device ({@code !overlapped}). */
class OverlappedCompareTest {
    @TempDir
    Path dir;

    @Test
    void aRowPoolingOverlappedRunsIsMarkedAndItsFootnoteNamesThem() {
        String db = dir.resolve("results.db").toString();
        ResultSaver saver = new ResultSaver(() -> ResultStore.open("jdbc:sqlite:" + db), Map.of(), null);
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        for (int from : new int[] {0, 1, 2, 100, 120, 140}) { // three together, then three one after the other
            saver.saveParts(List.of(new ResultSaver.Part(OverlappedRunsTest.run("/data/f", from, 10),
                    StoreFixtures.ENV, Map.of())), true, err);
        }
        InProcessMain.Result r = InProcessMain.run("compare", "--db", db, "--base", "id:1-3", "--new", "id:4-6");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("!overlapped").contains("runs #1, #2, #3").doesNotContain("#4");
    }
}
