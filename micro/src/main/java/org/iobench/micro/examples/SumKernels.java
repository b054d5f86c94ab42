package org.iobench.micro.examples;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;

/**
 * The loops of the blog post's benchmark (sum of {@code double[]}, {@code List<Double>}, {@code int[]},
 * {@code List<Integer>}) as plain static methods, so the Suite API ({@link SumSuites}) and JMH
 * ({@code bench/micro-jmh}, which compiles this very file) time the same code.
 *
 * <p>Java analogues of the .NET variants: "for" reads the length on every iteration; "forHoistLength" reads it once;
 * "forEach" is the enhanced for statement; "iterator" goes through an interface per element (for arrays a
 * {@link PrimitiveIterator}, like .NET's {@code IEnumerable<double>} over an array, for lists a method taking any
 * {@link Iterable}); "stream" is {@code Arrays.stream(a).sum()} or {@code list.stream().mapTo...().sum()}.
 * Note that {@code DoubleStream.sum()} compensates rounding errors, so its result may differ in the last bits.
 */
public final class SumKernels {

    private SumKernels() {
    }

    public static double forLoop(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static double forHoistLength(double[] a) {
        double s = 0;
        int n = a.length;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    public static double forEach(double[] a) {
        double s = 0;
        for (double d : a) {
            s += d;
        }
        return s;
    }

    public static double iterator(double[] a) {
        double s = 0;
        PrimitiveIterator.OfDouble it = Arrays.stream(a).iterator();
        while (it.hasNext()) {
            s += it.nextDouble();
        }
        return s;
    }

    public static double stream(double[] a) {
        return Arrays.stream(a).sum();
    }

    public static double forLoop(List<Double> a) {
        double s = 0;
        for (int i = 0; i < a.size(); i++) {
            s += a.get(i);
        }
        return s;
    }

    public static double forHoistLength(List<Double> a) {
        double s = 0;
        int n = a.size();
        for (int i = 0; i < n; i++) {
            s += a.get(i);
        }
        return s;
    }

    public static double forEach(List<Double> a) {
        double s = 0;
        for (double d : a) {
            s += d;
        }
        return s;
    }

    public static double iterator(Iterable<Double> a) {
        double s = 0;
        for (Iterator<Double> it = a.iterator(); it.hasNext(); ) {
            s += it.next();
        }
        return s;
    }

    public static double stream(List<Double> a) {
        return a.stream().mapToDouble(Double::doubleValue).sum();
    }

    public static int forLoop(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static int forHoistLength(int[] a) {
        int s = 0;
        int n = a.length;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    public static int forEach(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    public static int iterator(int[] a) {
        int s = 0;
        PrimitiveIterator.OfInt it = Arrays.stream(a).iterator();
        while (it.hasNext()) {
            s += it.nextInt();
        }
        return s;
    }

    public static int stream(int[] a) {
        return Arrays.stream(a).sum();
    }

    public static int forLoopInts(List<Integer> a) {
        int s = 0;
        for (int i = 0; i < a.size(); i++) {
            s += a.get(i);
        }
        return s;
    }

    public static int forHoistLengthInts(List<Integer> a) {
        int s = 0;
        int n = a.size();
        for (int i = 0; i < n; i++) {
            s += a.get(i);
        }
        return s;
    }

    public static int forEachInts(List<Integer> a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    public static int iteratorInts(Iterable<Integer> a) {
        int s = 0;
        for (Iterator<Integer> it = a.iterator(); it.hasNext(); ) {
            s += it.next();
        }
        return s;
    }

    public static int streamInts(List<Integer> a) {
        return a.stream().mapToInt(Integer::intValue).sum();
    }

    /** {@code n} pseudo-random doubles in [0, 1000), the same for the same seed. */
    public static double[] doubles(int n, long seed) {
        return new Random(seed).doubles(n, 0, 1000).toArray();
    }

    /** {@code n} pseudo-random ints in [0, 1000), the same for the same seed. */
    public static int[] ints(int n, long seed) {
        return new Random(seed).ints(n, 0, 1000).toArray();
    }
}
