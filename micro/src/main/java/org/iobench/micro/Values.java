package org.iobench.micro;

import java.util.Arrays;

/** Short printable forms of results for error messages. */
final class Values {

    static final int MAX_CHARS = 200;

    private Values() {
    }

    static String describe(Object value) {
        String s;
        if (value == null) {
            s = "null";
        } else if (value.getClass().isArray()) {
            String deep = Arrays.deepToString(new Object[] {value});
            s = deep.substring(1, deep.length() - 1);
        } else if (value instanceof CharSequence cs) {
            s = "\"" + cs + "\"";
        } else {
            s = String.valueOf(value);
        }
        return s.length() <= MAX_CHARS ? s : s.substring(0, MAX_CHARS) + "... (" + s.length() + " chars)";
    }
}
