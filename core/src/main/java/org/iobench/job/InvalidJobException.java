package org.iobench.job;

/** An option value that cannot make a valid job; the message names the option and the value. */
public class InvalidJobException extends IllegalArgumentException {
    public InvalidJobException(String option, Object value, String why) {
        super(option + " " + value + ": " + why);
    }

    public InvalidJobException(String message) {
        super(message);
    }
}
