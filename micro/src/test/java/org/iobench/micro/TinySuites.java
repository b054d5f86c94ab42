package org.iobench.micro;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Suites for discovery and runner tests: one of every shape a class may define them in, all quick. */
public class TinySuites {

    static Suite<int[], Integer> quick(String name) {
        int[] in = {1, 2, 3, 4, 5, 6, 7, 8};
        return Suite.of(name, in, 36)
                .add("loop", a -> {
                    int s = 0;
                    for (int x : a) {
                        s += x;
                    }
                    return s;
                })
                .add("stream", a -> Arrays.stream(a).sum())
                .warmup(Duration.ofMillis(20)).samples(3).sampleTime(Duration.ofMillis(1));
    }

    public static Suite<int[], Integer> single() {
        return quick("single");
    }

    public static Suite<?, ?>[] array() {
        return new Suite<?, ?>[] {quick("array 0"), quick("array 1")};
    }

    public static List<Suite<int[], Integer>> list() {
        return List.of(quick("list 0"));
    }

    public static List<String> notASuite() {
        return List.of("ignored");
    }

    public static Suite<int[], Integer> withParameter(int ignored) {
        return quick("never");
    }

    /** Discovered through {@link SuiteProvider}. */
    public static class Provided implements SuiteProvider {
        @Override
        public List<Suite<?, ?>> suites() {
            return List.of(quick("provided"));
        }
    }

    /** Defines nothing. */
    public static class Empty {
    }

    /** A variant that returns the wrong result. */
    public static class Wrong {
        public static Suite<int[], Integer> wrong() {
            return quick("wrong").add("offByOne", a -> Arrays.stream(a).sum() + 1);
        }
    }
}
