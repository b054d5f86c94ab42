package org.iobench.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** fio's json.c layout: two-space levels, "key" : value, arrays one element a line, %f floats. */
class FioJsonPrinterTest {
    @Test
    void printsAsFioPrints() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("fio version", "fio-3.33");
        ObjectNode job = root.putArray("jobs").addObject();
        job.put("jobname", "a \"quoted\" \\ name");
        job.put("iops", 31507.692308);
        job.put("bw_agg", 0.0);
        job.putArray("iops_data").add(1).add(2);
        assertThat(FioJsonPrinter.print(root)).isEqualTo("""
                {
                  "fio version" : "fio-3.33",
                  "jobs" : [
                    {
                      "jobname" : "a \\"quoted\\" \\\\ name",
                      "iops" : 31507.692308,
                      "bw_agg" : 0.000000,
                      "iops_data" : [
                        1,
                        2
                      ]
                    }
                  ]
                }
                """);
    }
}
