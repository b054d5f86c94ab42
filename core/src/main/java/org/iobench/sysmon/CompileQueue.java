package org.iobench.sysmon;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The methods this JVM's JIT has in hand: queued for compilation at any tier, or being compiled now, as HotSpot's
 * diagnostic command {@code Compiler.queue} prints them ({@code jcmd PID Compiler.queue}, here through the
 * platform's {@code DiagnosticCommand} MBean). Unlike the compiler threads' CPU time ({@link JitActivity}), this
 * says which code: a compiler thread busy with a method of a library is no sign that a loop of iobench is not yet
 * compiled.
 *
 * <p>The first reading in a process costs 0.15-0.2 s of the calling thread's CPU (the platform MBean server is
 * made then; measured with JDK 25 here); later ones some tens of µs, each a short stop of the JVM's threads at a safepoint. So it is read
 * sparingly, when the cheaper signals leave the question open.
 */
public final class CompileQueue {
    private static final String COMMAND = "com.sun.management:type=DiagnosticCommand";
    private static volatile boolean unavailable;

    private CompileQueue() {}

    /**
     * Every method queued or being compiled now, as {@code package.Class::method}, once per task (a method queued
     * for two tiers appears twice); null when this JVM cannot tell (not HotSpot, no management module).
     */
    public static List<String> methods() {
        if (unavailable) {
            return null;
        }
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object text = server.invoke(new ObjectName(COMMAND), "compilerQueue", new Object[0], new String[0]);
            return text instanceof String s ? parse(s) : null;
        } catch (Exception | LinkageError e) {
            unavailable = true; // it will not start working later in this process
            return null;
        }
    }

    /**
     * The methods of a {@code Compiler.queue} text: its "Current compiles" lines and its C1 and C2 queues' lines,
     * each holding one {@code Class::method} token ({@code C2 CompilerThread0  1583   !   4   a.B::c (530 bytes)},
     * {@code 2034 %     4       a.B::c @ 5 (43 bytes)}); "Empty" and headings hold none.
     */
    public static List<String> parse(String text) {
        List<String> methods = new ArrayList<>();
        for (String line : text.split("\n")) {
            for (String token : line.trim().split("\\s+")) {
                int sep = token.indexOf("::");
                if (sep > 0 && sep + 2 < token.length()) {
                    methods.add(token);
                    break;
                }
            }
        }
        return methods;
    }
}
