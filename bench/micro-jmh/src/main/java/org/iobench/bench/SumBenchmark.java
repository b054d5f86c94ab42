package org.iobench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.iobench.micro.examples.SumKernels;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The variants of {@code org.iobench.micro.examples.SumSuites} under JMH. Method names map to Suite variant names:
 * {@code doubleArray_for} is "double[] for", {@code intList_stream} is "List<Integer> stream", and so on. Inputs are
 * made exactly as in SumSuites (10,000 elements, seed 42).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SumBenchmark {

    static final int SIZE = 10_000;
    static final long SEED = 42;

    double[] doubleArray;
    List<Double> doubleList;
    int[] intArray;
    List<Integer> intList;

    @Setup
    public void setUp() {
        doubleArray = SumKernels.doubles(SIZE, SEED);
        doubleList = Arrays.stream(doubleArray).boxed().toList();
        intArray = SumKernels.ints(SIZE, SEED);
        intList = Arrays.stream(intArray).boxed().toList();
    }

    @Benchmark public double doubleArray_for() { return SumKernels.forLoop(doubleArray); }
    @Benchmark public double doubleArray_forHoistLength() { return SumKernels.forHoistLength(doubleArray); }
    @Benchmark public double doubleArray_forEach() { return SumKernels.forEach(doubleArray); }
    @Benchmark public double doubleArray_iterator() { return SumKernels.iterator(doubleArray); }
    @Benchmark public double doubleArray_stream() { return SumKernels.stream(doubleArray); }

    @Benchmark public double doubleList_for() { return SumKernels.forLoop(doubleList); }
    @Benchmark public double doubleList_forHoistLength() { return SumKernels.forHoistLength(doubleList); }
    @Benchmark public double doubleList_forEach() { return SumKernels.forEach(doubleList); }
    @Benchmark public double doubleList_iterator() { return SumKernels.iterator(doubleList); }
    @Benchmark public double doubleList_stream() { return SumKernels.stream(doubleList); }

    @Benchmark public int intArray_for() { return SumKernels.forLoop(intArray); }
    @Benchmark public int intArray_forHoistLength() { return SumKernels.forHoistLength(intArray); }
    @Benchmark public int intArray_forEach() { return SumKernels.forEach(intArray); }
    @Benchmark public int intArray_iterator() { return SumKernels.iterator(intArray); }
    @Benchmark public int intArray_stream() { return SumKernels.stream(intArray); }

    @Benchmark public int intList_for() { return SumKernels.forLoopInts(intList); }
    @Benchmark public int intList_forHoistLength() { return SumKernels.forHoistLengthInts(intList); }
    @Benchmark public int intList_forEach() { return SumKernels.forEachInts(intList); }
    @Benchmark public int intList_iterator() { return SumKernels.iteratorInts(intList); }
    @Benchmark public int intList_stream() { return SumKernels.streamInts(intList); }
}
