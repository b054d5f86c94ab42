package org.iobench.cli;

import java.time.Instant;
import java.util.List;
import org.iobench.session.ExitException;
import org.iobench.store.RunQuery;
import org.iobench.store.Selector;

/** Parses selector options; a bad selector ends the command with status 2 and the parser's one line. */
final class Selectors {
    private Selectors() {}

    static RunQuery parse(String option, List<String> words) {
        return words == null || words.isEmpty() ? RunQuery.ALL : parse(option, String.join(" ", words));
    }

    static RunQuery parse(String option, String text) {
        try {
            return Selector.parse(option, text, Instant.now());
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage(), e);
        }
    }
}
