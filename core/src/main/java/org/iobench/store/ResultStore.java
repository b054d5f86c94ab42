package org.iobench.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.sysmon.env.Environment;

/**
 * Saved runs in SQLite (a file, WAL journal) or PostgreSQL, through plain JDBC. Opening applies the schema's
 * {@link Migrations}; every save is one transaction, so a process killed while saving leaves either the whole run
 * or nothing. One instance holds one connection and is not thread-safe.
 *
 * <pre>
 * try (ResultStore store = ResultStore.open("jdbc:sqlite:/tmp/r.db")) {
 *     long id = store.save(new NewRun(result, env, Map.of("kernel", "6.1"), null, "iobench", Instant.now()));
 *     List&lt;Sample&gt; s = store.samples(Selector.parse("--base", "kernel=6.1", Instant.now()));
 * }
 * </pre>
 *
 * The work is done by {@link Connections} (set-up), {@link RunRow} (mapping), {@link RunWriter} and
 * {@link RunReader} (SQL), {@link RunFilter} (query building) and {@link DocumentCodec} (the stored documents).
 */
public final class ResultStore implements AutoCloseable {
    private final String url;
    private final Dialect dialect;
    private final Connection connection;
    private final int schemaVersion;
    private final Transactions transactions;
    private final RunWriter writer;
    private final RunReader reader;

    private ResultStore(String url, Dialect dialect, Connection connection, int schemaVersion) {
        this.url = url;
        this.dialect = dialect;
        this.connection = connection;
        this.schemaVersion = schemaVersion;
        this.transactions = new Transactions(connection, url);
        this.writer = new RunWriter(connection);
        this.reader = new RunReader(connection, dialect);
    }

    /**
     * Opens (creating a SQLite file, not its directory), checks that the database is whole and iobench's
     * ({@link IntegrityCheck}: before anything is written to it) and migrates to the current schema.
     *
     * @throws StoreException one line naming the database and the reason
     */
    public static ResultStore open(String jdbcUrl) {
        return open(jdbcUrl, Migrations.CURRENT);
    }

    /** Opens and migrates up to {@code schemaVersion} only: tests of migrations from older versions. */
    static ResultStore open(String jdbcUrl, int schemaVersion) {
        Dialect dialect = Dialect.of(jdbcUrl);
        String where = StoreLocation.describe(jdbcUrl);
        Connection c = null;
        try {
            c = Connections.open(jdbcUrl, dialect);
            IntegrityCheck.check(c, dialect, where);
            Connections.settle(c, dialect);
            int version = Migrations.apply(c, dialect, schemaVersion, where);
            return new ResultStore(jdbcUrl, dialect, c, version);
        } catch (SQLException e) {
            Connections.closeQuietly(c);
            StoreException refusal = IntegrityCheck.refusal(e, dialect, where);
            if (refusal != null) {
                throw refusal;
            }
            throw new StoreException("cannot open " + where + ": " + Transactions.oneLine(e), e);
        } catch (RuntimeException e) {
            Connections.closeQuietly(c);
            throw e;
        }
    }

    public String url() {
        return url;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The schema version after opening. */
    public int schemaVersion() {
        return schemaVersion;
    }

    /** Saves one run in one transaction; returns its id. */
    public long save(NewRun run) {
        return saveAll(List.of(run)).getFirst();
    }

    /** Saves one micro-benchmark variant in one transaction; returns its id. */
    public long save(NewMicroRun run) {
        return saveAll(List.of(run)).getFirst();
    }

    /** Saves runs in one transaction (all or none); returns their ids in order. Overlaps are not judged. */
    public List<Long> saveAll(List<? extends RunToSave> runs) {
        return saveAll(runs, null).ids();
    }

    /**
     * What {@link #saveAll(List, Overlaps.Judge)} saved: the ids in order, and the finding about each new run that
     * overlapped stored ones (by id; absent for the others).
     */
    public record Saved(List<Long> ids, Map<Long, Finding> overlaps) {}

    /**
     * Saves runs in one transaction (all or none) and, with a {@code judge}, marks each new run and the stored runs
     * it overlapped in time on the same device ({@link Overlaps}) with the judge's finding, in the same transaction.
     */
    public Saved saveAll(List<? extends RunToSave> runs, Overlaps.Judge judge) {
        List<RunRow> rows = runs.stream().map(r -> switch (r) {
            case NewRun n -> RunRow.of(n);
            case NewMicroRun m -> RunRow.of(m);
        }).toList();
        return transactions.run("save to", () -> {
            List<Long> ids = new ArrayList<>();
            Map<Long, Finding> overlaps = new LinkedHashMap<>();
            Map<String, Long> firstMembers = new HashMap<>(); // test -> id of its member 1 in this save
            for (RunRow row : rows) {
                long testRun = row.test() == null || row.test().member() == 1 ? 0
                        : firstMembers.getOrDefault(row.test().name(), 0L);
                long id = writer.insert(row, testRun);
                if (row.test() != null && row.test().member() == 1) {
                    firstMembers.put(row.test().name(), id);
                }
                ids.add(id);
            }
            if (judge != null) {
                Overlaps check = new Overlaps(connection);
                for (int i = 0; i < rows.size(); i++) {
                    Finding f = check.mark(ids.get(i), rows.get(i), judge);
                    if (f != null) {
                        overlaps.put(ids.get(i), f);
                    }
                }
            }
            return new Saved(ids, overlaps);
        });
    }

    /** Runs matching {@code q}, newest first (by creation time, then id). */
    public List<StoredRun> find(RunQuery q) {
        return transactions.run("read", () -> reader.find(q));
    }

    public Optional<StoredRun> get(long id) {
        return find(new RunQuery(List.of(new long[] {id, id}), Map.of(), List.of(), null, null, Set.of(), Set.of(),
                Set.of(), Set.of(), 0)).stream().findFirst();
    }

    /**
     * The full result of run {@code id} as saved, its series read as runs are measured now: a stub last interval of
     * a result saved before that rule is folded ({@link BenchmarkResult#withFoldedSeries}), so that every view of a
     * stored run (show, report, export) shows one series.
     *
     * @throws StoreException if the document cannot be read by this build
     */
    public Optional<BenchmarkResult> result(long id) {
        return transactions.run("read", () -> reader.document(id, "result")).map(d -> {
            try {
                return DocumentCodec.decodeResult(d.version(), d.json()).withFoldedSeries();
            } catch (IOException e) {
                throw new StoreException("run " + id + " in " + StoreLocation.describe(url)
                        + " has a result this iobench cannot read: " + Transactions.oneLine(e), e);
            }
        });
    }

    /** The raw JSON of run {@code id}'s result or environment column (a micro run's report document). */
    public Optional<String> document(long id, String column) {
        return transactions.run("read", () -> reader.document(id, column)).map(RunReader.Document::json);
    }

    /** The environment run {@code id} ran in, as saved. */
    public Optional<Environment> environment(long id) {
        return transactions.run("read", () -> reader.document(id, "environment")).map(d -> {
            try {
                return DocumentCodec.decodeEnvironment(d.version(), d.json());
            } catch (IOException e) {
                throw new StoreException("run " + id + ": unreadable environment: " + Transactions.oneLine(e), e);
            }
        });
    }

    /** Deletes run {@code id} with its labels and samples; false if there was none. */
    public boolean delete(long id) {
        return transactions.run("delete from", () -> writer.delete(id));
    }

    /** The complete repetitions of the runs matching {@code q}: the samples of a comparison. */
    public List<Sample> samples(RunQuery q) {
        return transactions.run("read", () -> reader.samples(reader.find(q)));
    }

    @Override
    public void close() {
        Connections.closeQuietly(connection);
    }
}
