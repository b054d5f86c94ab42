package org.iobench.advise;

import org.iobench.result.Finding.Confidence;
import org.iobench.result.Finding.Severity;

/**
 * What a rule saw in one run: the wording and numbers of the finding it makes.
 *
 * @param fix null when there is nothing to do about it
 */
record Hit(String message, String evidence, String fix, Confidence confidence, Severity severity) {

    static Hit warning(String message, String evidence, String fix, Confidence confidence) {
        return new Hit(message, evidence, fix, confidence, Severity.WARNING);
    }

    static Hit context(String message, String evidence, String fix, Confidence confidence) {
        return new Hit(message, evidence, fix, confidence, Severity.CONTEXT);
    }
}
