package org.iobench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.env.Environment;

/**
 * The documents a row keeps in {@code runs.result} and {@code runs.environment}, in the store's own versioned form.
 * Each row records the version it was written in ({@code runs.document_version}); every version ever written stays
 * readable, and its rows stay as test fixtures (test resources {@code store/v1/}).
 *
 * <p>Versions:
 * <ul>
 *   <li>1: the Jackson bean form of {@link BenchmarkResult} and {@link Environment} (the shape of the
 *       {@code benchmarks[]} items of {@code iobench run --json}, formatVersion 1, at the time of writing). Rows
 *       saved before the column existed are version 1. Over its life the form only gained fields; the earliest
 *       rows spell enums in upper case and lack {@code findings}.</li>
 * </ul>
 *
 * <p>A change that renames, moves or reinterprets a stored field makes a new version: bump {@link #CURRENT} and
 * add its case to {@link #decodeResult}, reading the older tree into the new shape, so that rows saved before still
 * read.
 */
final class DocumentCodec {
    /** The version this build writes. */
    static final int CURRENT = 1;

    private DocumentCodec() {}

    static String encode(BenchmarkResult result) {
        return write(result);
    }

    static String encode(Environment environment) {
        return write(environment);
    }

    private static String write(Object value) {
        try {
            return StoreJson.WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /**
     * A row's result document.
     *
     * @param version the row's {@code document_version}
     * @throws IOException if the version is newer than this build reads, or the document does not fit it
     */
    static BenchmarkResult decodeResult(int version, String json) throws IOException {
        return switch (checked(version)) {
            case 1 -> StoreJson.READER.readValue(json, BenchmarkResult.class);
            default -> throw new IllegalStateException("document version " + version);
        };
    }

    /** A row's environment document; as {@link #decodeResult}. */
    static Environment decodeEnvironment(int version, String json) throws IOException {
        return switch (checked(version)) {
            case 1 -> StoreJson.READER.readValue(json, Environment.class);
            default -> throw new IllegalStateException("document version " + version);
        };
    }

    private static int checked(int version) throws IOException {
        if (version < 1 || version > CURRENT) {
            throw new IOException("its document version " + version + " is " + (version < 1 ? "not one iobench"
                    + " ever wrote" : "newer than this iobench reads (" + CURRENT + "); use a newer iobench"));
        }
        return version;
    }
}
