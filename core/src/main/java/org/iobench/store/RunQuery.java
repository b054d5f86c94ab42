package org.iobench.store;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which stored runs to take: every condition given must hold (AND); the values of one condition are alternatives
 * (OR). Made by {@link Selector#parse}; an empty query selects every run.
 *
 * @param ids        inclusive id ranges ({@code id:12} is 12..12)
 * @param labels     label key to accepted values; an empty set accepts any value of the key
 * @param targets    target paths; {@code *} matches any characters
 * @param since      earliest creation time, inclusive, or null
 * @param until      creation time bound, exclusive, or null
 * @param sources    {@code iobench}, {@code fio}, {@code iobench-json}, {@code micro}
 * @param names      job names
 * @param rws        access patterns
 * @param blockSizes block sizes in bytes
 * @param last       at most this many runs, the newest; 0 for no limit
 */
public record RunQuery(List<long[]> ids, Map<String, Set<String>> labels, List<String> targets, Instant since,
                       Instant until, Set<String> sources, Set<String> names, Set<String> rws, Set<Long> blockSizes,
                       int last) {

    public static final RunQuery ALL = new RunQuery(List.of(), Map.of(), List.of(), null, null, Set.of(), Set.of(),
            Set.of(), Set.of(), 0);

    public RunQuery {
        ids = List.copyOf(ids);
        Map<String, Set<String>> l = new LinkedHashMap<>();
        labels.forEach((k, v) -> l.put(k, Set.copyOf(v)));
        labels = Map.copyOf(l);
        targets = List.copyOf(targets);
        sources = Set.copyOf(sources);
        names = Set.copyOf(names);
        rws = Set.copyOf(rws);
        blockSizes = Set.copyOf(blockSizes);
    }
}
