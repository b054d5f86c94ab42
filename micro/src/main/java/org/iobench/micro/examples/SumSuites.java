package org.iobench.micro.examples;

import java.util.Arrays;
import java.util.List;
import org.iobench.micro.ResultCheck;
import org.iobench.micro.Suite;

/**
 * The blog post's benchmark in the Suite API: sums of 10,000 numbers held in an array and in a list, each by
 * for / hoisted length / for-each / iterator / stream. As in the story, array and list variants share one table,
 * so the list rows are normalised to the fastest array loop.
 * <pre>
 * java -cp iobench-micro.jar org.iobench.micro.SuiteRunner org.iobench.micro.examples.SumSuites
 * </pre>
 */
public final class SumSuites {

    /** Elements per input: large enough that the per-call overhead of the harness (a few ns) is noise. */
    public static final int SIZE = 10_000;
    static final long SEED = 42;

    private SumSuites() {
    }

    /** Inputs of the doubles suite: the same numbers as an array and as a list. */
    public record Doubles(double[] array, List<Double> list) {
    }

    /** Inputs of the ints suite: the same numbers as an array and as a list. */
    public record Ints(int[] array, List<Integer> list) {
    }

    public static Suite<Doubles, Double> doubles() {
        double[] a = SumKernels.doubles(SIZE, SEED);
        Doubles in = new Doubles(a, Arrays.stream(a).boxed().toList());
        return Suite.of("doubles: double[] and List<Double>", in, SumKernels.forLoop(a))
                .check(ResultCheck.within(1e-9)) // DoubleStream.sum() rounds differently
                .add("double[] for", x -> SumKernels.forLoop(x.array()))
                .add("double[] forHoistLength", x -> SumKernels.forHoistLength(x.array()))
                .add("double[] forEach", x -> SumKernels.forEach(x.array()))
                .add("double[] iterator", x -> SumKernels.iterator(x.array()))
                .add("double[] stream", x -> SumKernels.stream(x.array()))
                .add("List<Double> for", x -> SumKernels.forLoop(x.list()))
                .add("List<Double> forHoistLength", x -> SumKernels.forHoistLength(x.list()))
                .add("List<Double> forEach", x -> SumKernels.forEach(x.list()))
                .add("List<Double> iterator", x -> SumKernels.iterator(x.list()))
                .add("List<Double> stream", x -> SumKernels.stream(x.list()));
    }

    public static Suite<Ints, Integer> ints() {
        int[] a = SumKernels.ints(SIZE, SEED);
        Ints in = new Ints(a, Arrays.stream(a).boxed().toList());
        return Suite.of("ints: int[] and List<Integer>", in, SumKernels.forLoop(a))
                .add("int[] for", x -> SumKernels.forLoop(x.array()))
                .add("int[] forHoistLength", x -> SumKernels.forHoistLength(x.array()))
                .add("int[] forEach", x -> SumKernels.forEach(x.array()))
                .add("int[] iterator", x -> SumKernels.iterator(x.array()))
                .add("int[] stream", x -> SumKernels.stream(x.array()))
                .add("List<Integer> for", x -> SumKernels.forLoopInts(x.list()))
                .add("List<Integer> forHoistLength", x -> SumKernels.forHoistLengthInts(x.list()))
                .add("List<Integer> forEach", x -> SumKernels.forEachInts(x.list()))
                .add("List<Integer> iterator", x -> SumKernels.iteratorInts(x.list()))
                .add("List<Integer> stream", x -> SumKernels.streamInts(x.list()));
    }
}
