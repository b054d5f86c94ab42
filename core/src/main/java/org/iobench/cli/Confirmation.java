package org.iobench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.iobench.session.ThisMachine;

/**
 * A yes/no question to the person at the terminal, before something that cannot be undone. Only asked when both
 * standard input and standard error are a terminal; a script (stdin from a pipe or a file) is never asked and gets
 * the answer {@code unattended}.
 */
final class Confirmation {
    private final boolean interactive;
    private final BufferedReader in;
    private final PrintWriter err;

    Confirmation(boolean interactive, BufferedReader in, PrintWriter err) {
        this.interactive = interactive;
        this.in = in;
        this.err = err;
    }

    /** The real terminal: asks when fds 0 and 2 are terminals. */
    static Confirmation system(PrintWriter err) {
        return new Confirmation(ThisMachine.personAtTerminal(),
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), err);
    }

    boolean interactive() {
        return interactive;
    }

    /**
     * Asks {@code question} with {@code [y/N]} when interactive; yes only for {@code y} or {@code yes}.
     *
     * @return the answer; {@code true} when not interactive (nobody to ask)
     */
    boolean ask(String question) {
        if (!interactive) {
            return true;
        }
        err.print(question + " [y/N] ");
        err.flush();
        try {
            String line = in.readLine();
            String answer = line == null ? "" : line.strip().toLowerCase(Locale.ROOT);
            return answer.equals("y") || answer.equals("yes");
        } catch (IOException e) {
            return false;
        }
    }
}
