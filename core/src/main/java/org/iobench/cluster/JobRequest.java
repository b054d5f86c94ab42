package org.iobench.cluster;

import java.util.List;

/**
 * A job as the controller ships it: the command and its job options exactly as typed, re-parsed on the agent with
 * the same parser and safety rules as a local run. {@code {host}} in any argument or in the job file is replaced
 * by {@code host} on the agent.
 *
 * @param host        the host's name as given in {@code --hosts} (without the port)
 * @param command     {@code run} or {@code suite}
 * @param args        the command's arguments after its name: job options and the target (or suite and directory)
 * @param jobFileName the job file's name when {@code run} runs one, else null
 * @param jobFileText the job file's text, read on the controller, else null
 */
public record JobRequest(String host, String command, List<String> args, String jobFileName, String jobFileText) {
    public static final String HOST_PLACEHOLDER = "{host}";

    public JobRequest {
        args = List.copyOf(args);
    }

    /** This request for another host. */
    public JobRequest forHost(String name) {
        return new JobRequest(name, command, args, jobFileName, jobFileText);
    }

    /** The arguments with {@code {host}} replaced by the host's name. */
    public List<String> expandedArgs() {
        return args.stream().map(this::expand).toList();
    }

    public String expand(String text) {
        return text == null ? null : text.replace(HOST_PLACEHOLDER, host);
    }
}
