package org.iobench.job.fio;

import java.util.Optional;

/**
 * fio's substitutions in an option line, in fio's order: first {@code ${VAR}} from the environment (an unset variable
 * becomes the empty string, as in fio), then the keywords {@code $pagesize}, {@code $mb_memory} and {@code $ncpus};
 * when a keyword was replaced and the value holds {@code + - * /}, the value is computed as fio has {@code bc} do it
 * (whole numbers, division truncates, parentheses allowed).
 */
final class FioExpansion {
    private FioExpansion() {}

    /**
     * The expanded value and the names of unset variables it used (so a message can say why a value is empty).
     *
     * @throws IllegalArgumentException when a computed value is not a valid expression
     */
    static Expanded expand(String value, FioHost host) {
        StringBuilder out = new StringBuilder();
        StringBuilder unset = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            int close = value.startsWith("${", i) ? value.indexOf('}', i + 2) : -1;
            if (close > i + 2) {
                String name = value.substring(i + 2, close);
                String v = host.environment().get(name);
                if (v == null) {
                    unset.append(unset.isEmpty() ? "" : ", ").append("${").append(name).append('}');
                } else {
                    out.append(v);
                }
                i = close + 1;
            } else {
                out.append(value.charAt(i++));
            }
        }
        String s = out.toString();
        String replaced = s.replace("$pagesize", Long.toString(host.pageSize()))
                .replace("$mb_memory", Long.toString(host.memoryMib()))
                .replace("$ncpus", Integer.toString(host.cpus()));
        if (!replaced.equals(s) && replaced.matches(".*[-+*/].*")) {
            replaced = Long.toString(new Arithmetic(replaced.strip()).evaluate());
        }
        return new Expanded(replaced, unset.isEmpty() ? Optional.empty() : Optional.of(unset.toString()));
    }

    /** @param unsetVariables {@code ${A}, ${B}} when the value used variables that are not set */
    record Expanded(String value, Optional<String> unsetVariables) {}

    /** Whole-number arithmetic with + - * / and parentheses, as bc computes it with scale 0. */
    private static final class Arithmetic {
        private final String text;
        private int at;

        Arithmetic(String text) {
            this.text = text;
        }

        long evaluate() {
            long v = sum();
            skipSpaces();
            if (at != text.length()) {
                throw new IllegalArgumentException("'" + text + "' is not an expression fio's bc could compute");
            }
            return v;
        }

        private long sum() {
            long v = product();
            while (true) {
                skipSpaces();
                if (peek('+')) {
                    at++;
                    v = Math.addExact(v, product());
                } else if (peek('-')) {
                    at++;
                    v = Math.subtractExact(v, product());
                } else {
                    return v;
                }
            }
        }

        private long product() {
            long v = atom();
            while (true) {
                skipSpaces();
                if (peek('*')) {
                    at++;
                    v = Math.multiplyExact(v, atom());
                } else if (peek('/')) {
                    at++;
                    long d = atom();
                    if (d == 0) {
                        throw new IllegalArgumentException("'" + text + "' divides by zero");
                    }
                    v /= d;
                } else {
                    return v;
                }
            }
        }

        private long atom() {
            skipSpaces();
            if (peek('(')) {
                at++;
                long v = sum();
                skipSpaces();
                if (!peek(')')) {
                    throw new IllegalArgumentException("'" + text + "' misses a ')'");
                }
                at++;
                return v;
            }
            if (peek('-')) {
                at++;
                return -atom();
            }
            int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (start == at) {
                throw new IllegalArgumentException("'" + text + "' is not an expression fio's bc could compute");
            }
            return Long.parseLong(text.substring(start, at));
        }

        private boolean peek(char c) {
            return at < text.length() && text.charAt(at) == c;
        }

        private void skipSpaces() {
            while (at < text.length() && text.charAt(at) == ' ') {
                at++;
            }
        }
    }
}
