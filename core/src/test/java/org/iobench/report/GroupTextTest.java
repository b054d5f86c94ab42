package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GroupTextTest {
    @Test
    void alikeJobsPrintAsCountTimesTheirMeanAsOnTheKernelList() {
        assertThat(GroupText.perJob(List.of(44.1e6, 44.9e6))).isEqualTo("2x44.5");
        assertThat(GroupText.perJob(List.of(9.7e6, 9.8e6, 9.9e6))).isEqualTo("3x9.8");
        assertThat(GroupText.perJob(List.of(96e6))).isEqualTo("96");
        assertThat(GroupText.perJob(List.of(150e6, 140e6))).isEqualTo("2x145");
        assertThat(GroupText.perJob(List.of(11.0e6, 11.04e6))).isEqualTo("2x11");
    }

    @Test
    void unlikeJobsPrintEachRateSoTheDifferenceShows() {
        assertThat(GroupText.perJob(List.of(96e6, 35e6))).isEqualTo("96/35"); // as the list wrote it
        assertThat(GroupText.perJob(List.of(40e6, 50e6))).as("more than 10% from the mean").isEqualTo("40/50");
    }
}
