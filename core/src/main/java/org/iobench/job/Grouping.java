package org.iobench.job;

/**
 * What a job belongs to, for stores and reports.
 *
 * @param series label shared by the points of a sweep ({@code "bs=4k..1m"}) or of a saturation search, so stores can
 *               group them; {@code ""} outside a series
 * @param group  label of the parallel group the job runs in ({@code "dd2"}); {@code ""} when it runs alone
 */
public record Grouping(String series, String group) {
    public static final Grouping NONE = new Grouping("", "");

    public Grouping {
        series = series == null ? "" : series;
        group = group == null ? "" : group;
    }
}
