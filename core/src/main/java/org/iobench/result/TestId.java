package org.iobench.result;

import java.util.Objects;

/**
 * Which test of a suite or job file a benchmark is, and its place in the test's parallel group: the identity that
 * {@code compare}, {@code history} and {@code check} group stored runs by, so that different tests are never merged
 * and the members of one group are shown together ({@code 2x44.5}).
 *
 * @param name    the test's name: {@code dd1}, {@code dd2-dir}, {@code net1}; a job file's job or group name
 * @param member  1-based position in the test's group; 1 for a test of one job
 * @param members jobs in the group, started together; 1 for a test of one job
 * @param origin  what the test is a test of: the job file's name ({@code randread.fio}), {@code suite kernel-dd};
 *                {@code ""} where unknown (fio's JSON does not name its job file). Two job files both naming a
 *                group {@code g0} hold two different tests.
 */
public record TestId(String name, int member, int members, String origin) {
    public TestId {
        Objects.requireNonNull(name, "name");
        origin = origin == null ? "" : origin;
        if (name.isBlank() || members < 1 || member < 1 || member > members) {
            throw new IllegalArgumentException("test '" + name + "' member " + member + " of " + members);
        }
    }

    /** A test of unknown origin. */
    public TestId(String name, int member, int members) {
        this(name, member, members, "");
    }

    /** This test as one of {@code origin}. */
    public TestId from(String origin) {
        return new TestId(name, member, members, origin);
    }

    /** The test of a single job. */
    public static TestId single(String name) {
        return new TestId(name, 1, 1);
    }
}
