package org.iobench.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;
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
    private final SqlDialect dialect;
    private final Connection connection;
    private final int schemaVersion;
    private final Transactions transactions;
    private final RunWriter writer;
    private final RunReader reader;
    private final ChangePoints changePoints;
    private final ChangePointFinder finder;

    private ResultStore(String url, SqlDialect dialect, Connection connection, int schemaVersion,
                        ChangePointFinder finder) {
        this.url = url;
        this.dialect = dialect;
        this.connection = connection;
        this.schemaVersion = schemaVersion;
        this.transactions = new Transactions(connection, url);
        this.writer = new RunWriter(connection);
        this.reader = new RunReader(connection, dialect);
        this.changePoints = new ChangePoints(connection, dialect, reader);
        this.finder = schemaVersion >= ChangePoints.SINCE_VERSION ? finder : null;
    }

    /**
     * Opens (creating a SQLite file, not its directory), checks that the database is whole and iobench's
     * ({@link IntegrityCheck}: before anything is written to it) and migrates to the current schema.
     *
     * @throws StoreException one line naming the database and the reason
     */
    public static ResultStore open(String jdbcUrl) {
        return open(jdbcUrl, Migrations.CURRENT, null);
    }

    /**
     * Opens as {@link #open(String)} does, with the finder of the change points the store keeps: every save and
     * delete then finds again the change points of the series of the shapes it touched ({@code change_points},
     * docs/store.md), and a store whose runs were saved before that table existed has them found now.
     */
    public static ResultStore open(String jdbcUrl, ChangePointFinder finder) {
        ResultStore store = open(jdbcUrl, Migrations.CURRENT, finder);
        try {
            store.fillPendingChangePoints();
        } catch (StoreException e) {
            // the store reads as well without them; the next open that can write fills them
        }
        return store;
    }

    /** Opens and migrates up to {@code schemaVersion} only: tests of migrations from older versions. */
    static ResultStore open(String jdbcUrl, int schemaVersion) {
        return open(jdbcUrl, schemaVersion, null);
    }

    private static ResultStore open(String jdbcUrl, int schemaVersion, ChangePointFinder finder) {
        SqlDialect dialect = SqlDialect.of(jdbcUrl);
        String where = StoreLocation.describe(jdbcUrl);
        Connection c = null;
        try {
            c = Connections.open(jdbcUrl, dialect);
            IntegrityCheck.check(c, dialect, where);
            Connections.settle(c, dialect);
            int version = Migrations.apply(c, dialect, schemaVersion, where);
            return new ResultStore(jdbcUrl, dialect, c, version, finder);
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

    /** The warning line about a save whose series' change points were not found again; null when they were. */
    public static String changePointsWarning(Saved saved) {
        return saved.changePointsFailure() == null ? null : "warning: the runs were saved, but the change points of"
                + " their series were not found again (the next save of them tries again): "
                + saved.changePointsFailure();
    }

    /**
     * What {@link #saveAll(List, Overlaps.Judge)} saved: the ids in order, the finding about each new run that
     * overlapped stored ones (by id; absent for the others), and why the change points of their series could not be
     * found again (one line; null when they were, or when the store was opened without a finder). The runs are
     * saved either way.
     */
    public record Saved(List<Long> ids, Map<Long, Finding> overlaps, String changePointsFailure) {}

    /**
     * Saves runs in one transaction (all or none) and, with a {@code judge}, marks each new run and the stored runs
     * it overlapped in time on the same device ({@link Overlaps}) with the judge's finding, in the same transaction.
     */
    public Saved saveAll(List<? extends RunToSave> runs, Overlaps.Judge judge) {
        List<RunRow> rows = runs.stream().map(r -> switch (r) {
            case NewRun n -> RunRow.of(n);
            case NewMicroRun m -> RunRow.of(m);
        }).toList();
        Saved saved = transactions.run("save to", () -> {
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
            return new Saved(ids, overlaps, null);
        });
        Set<ChangePoints.Shape> shapes = new LinkedHashSet<>();
        rows.forEach(r -> shapes.add(new ChangePoints.Shape(r.key().rw(), r.key().blockSize())));
        return new Saved(saved.ids(), saved.overlaps(), refreshChangePoints(shapes));
    }

    /**
     * Finds again the change points of the series of {@code shapes}, one transaction per shape; with no finder,
     * nothing.
     *
     * @return null, or the first failure as one line
     */
    private String refreshChangePoints(Set<ChangePoints.Shape> shapes) {
        if (finder == null) {
            return null;
        }
        for (ChangePoints.Shape shape : shapes) {
            try {
                transactions.run("find the change points in", () -> changePoints.refresh(shape, finder));
            } catch (StoreException | IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /** A store saved before {@code change_points} existed: every shape's change points, found once. */
    private void fillPendingChangePoints() {
        if (finder == null) {
            return;
        }
        boolean pending = transactions.run("read", () -> {
            try (Statement s = connection.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM change_points_pending")) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        });
        if (!pending) {
            return;
        }
        if (refreshChangePoints(transactions.run("read", changePoints::allShapes)) != null) {
            return; // a role that may only read, say: the row stays, the next open that can write does it
        }
        transactions.run("save to", () -> {
            try (Statement s = connection.createStatement()) {
                return s.executeUpdate("DELETE FROM change_points_pending");
            }
        });
    }

    /**
     * The stored change points of every series ({@code change_points}), oldest run first: what the store's finder
     * found at the last save or delete of each shape.
     */
    public List<StoredChangePoint> changePoints() {
        if (schemaVersion < ChangePoints.SINCE_VERSION) {
            return List.of();
        }
        return transactions.run("read", changePoints::all);
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

    /**
     * Deletes run {@code id} with its labels, samples and the change points that name it; false if there was none.
     * With a finder, the change points of its shape's series are then found again.
     *
     * @throws StoreException also when the run was deleted but its series' change points could not be found again
     */
    public boolean delete(long id) {
        boolean[] deleted = {false};
        delete(List.of(id), d -> deleted[0] = true);
        return deleted[0];
    }

    /**
     * Deletes runs {@code ids}, each in a transaction of its own as {@link #delete(long)} does, telling
     * {@code deleted} of each one deleted as it goes (an id with no run is skipped); then, with a finder, finds
     * again once the change points of each shape they were of.
     *
     * @throws StoreException when a run could not be deleted (those told of are), or they were deleted but their
     *                        series' change points could not be found again
     */
    public void delete(List<Long> ids, LongConsumer deleted) {
        Set<ChangePoints.Shape> shapes = new LinkedHashSet<>();
        for (long id : ids) {
            Optional<StoredRun> run = get(id);
            boolean gone = transactions.run("delete from", () -> {
                if (schemaVersion >= ChangePoints.SINCE_VERSION) {
                    changePoints.forget(id);
                }
                return writer.delete(id);
            });
            if (gone) {
                run.ifPresent(r -> shapes.add(new ChangePoints.Shape(r.workload().rw(), r.workload().blockSize())));
                deleted.accept(id);
            }
        }
        String failure = refreshChangePoints(shapes);
        if (failure != null) {
            throw new StoreException((ids.size() == 1 ? "run " + ids.getFirst() + " was" : "the runs were")
                    + " deleted, but " + failure);
        }
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
