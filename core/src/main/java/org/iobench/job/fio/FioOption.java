package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.iobench.catalog.EngineFlag;

/**
 * One fio option as iobench knows it, one row of {@link FioOptions}: its canonical name and aliases, how iobench
 * treats it ({@link Kind}), the values that restate fio's default, whether fio's command line takes it as a bare
 * flag, and, for an option iobench honours, how its value is read ({@link Parser}) and applied to the job being
 * built ({@link Handler}), or which other row's handler reads it.
 *
 * @param name         the canonical name (fio's)
 * @param aliases      fio's other names for it
 * @param kind         how iobench treats it
 * @param defaults     the values that restate fio's default, in fio's spellings (booleans as 0 and 1); the first is
 *                     the value a {@link #parser} reads when the option is not set (empty: not read then)
 * @param bareFlag     a bare flag on fio's command line (fio's {@code FIO_OPT_STR_SET}): the argument after it is
 *                     not its value
 * @param note         what the warning of a {@link Kind#MEASURED_ANYWAY} option says, empty for the usual note
 * @param honouredWith an engine flag under which an option of another kind is honoured (by that engine's own code),
 *                     null when none
 * @param readBy       the row (or part of the translator) whose handler reads this option, empty when the row has
 *                     its own handler or iobench does not read it
 * @param parser       reads the option's value, null when the row has no handler
 * @param handler      applies the value to the job, null when none
 * @param always       the handler runs for every job (with a null value when the option is not set and has no
 *                     default), not only when there is a value
 * @param <T>          the option's value as the handler takes it
 */
record FioOption<T>(String name, List<String> aliases, Kind kind, List<String> defaults, boolean bareFlag, String note,
                    EngineFlag honouredWith, String readBy, Parser<T> parser, Handler<T> handler, boolean always) {

    /**
     * How iobench treats an option.
     * <ul>
     *   <li>{@link #HONOURED}: iobench does what fio does (some values may still be refused by the handler);</li>
     *   <li>{@link #NO_EFFECT}: the option does nothing in fio for the file as iobench can run it (a tiobench
     *       profile option without {@code profile=}), or its fio meaning is iobench's only behaviour
     *       ({@code thread}: iobench's workers are threads);</li>
     *   <li>{@link #MEASURED_ANYWAY}: turns off a measurement or statistic in fio ({@code gtod_reduce},
     *       {@code disable_lat}); the I/O is the same, iobench measures and reports it anyway and says so in a
     *       note;</li>
     *   <li>{@link #REPORTING}: changes what is reported or logged, never the I/O; refused in strict mode, ignored
     *       with a warning under {@code --lenient};</li>
     *   <li>{@link #CHANGES_IO}: changes the I/O performed or its conditions; refused in strict mode, and under
     *       {@code --lenient} the jobs it applies to are skipped.</li>
     * </ul>
     */
    enum Kind { HONOURED, NO_EFFECT, MEASURED_ANYWAY, REPORTING, CHANGES_IO }

    /** Reads an option's value: throws {@link org.iobench.job.InvalidJobException} naming it when it is wrong. */
    @FunctionalInterface
    interface Parser<T> {
        T parse(FioJobOptions o, FioSetting s);
    }

    /** Applies an option's value to the job being built. */
    @FunctionalInterface
    interface Handler<T> {
        void apply(FioJobTranslator.Job job, T value);
    }

    /** A part of the translator reading several options itself (the row's and those naming it in readBy). */
    @FunctionalInterface
    interface Step {
        void apply(FioJobTranslator.Job job);
    }

    /** fio's booleans: a bare option is true; 1/0, true/false, yes/no, on/off. */
    static final Parser<Boolean> FLAG = FioJobOptions::flag;
    /** A whole number 0..{@link Integer#MAX_VALUE}. */
    static final Parser<Long> WHOLE = FioJobOptions::number;
    /** A size with fio's suffixes, in the job's {@code kb_base}. */
    static final Parser<Long> SIZE = (o, s) -> o.size(s, s.value());
    /** A time, a bare number in seconds. */
    static final Parser<Long> SECONDS = (o, s) -> o.nanosOf(s, s.value(), "s");
    /** The value as written. */
    static final Parser<String> TEXT = (o, s) -> s.value();

    /** A row of an option iobench does not read: {@code kind} says what it does with it. */
    static FioOption<Void> of(String name, Kind kind) {
        return new FioOption<>(name, List.of(), kind, List.of(), false, "", null, "", null, null, false);
    }

    FioOption<T> aliases(String... names) {
        return new FioOption<>(name, List.of(names), kind, defaults, bareFlag, note, honouredWith, readBy, parser, handler,
                always);
    }

    /** fio's default (the first) and its other spellings. */
    FioOption<T> def(String... values) {
        return new FioOption<>(name, aliases, kind, List.of(values), bareFlag, note, honouredWith, readBy, parser, handler,
                always);
    }

    FioOption<T> bare() {
        return new FioOption<>(name, aliases, kind, defaults, true, note, honouredWith, readBy, parser, handler,
                always);
    }

    FioOption<T> note(String text) {
        return new FioOption<>(name, aliases, kind, defaults, bareFlag, text, honouredWith, readBy, parser, handler,
                always);
    }

    FioOption<T> honouredWith(EngineFlag flag) {
        return new FioOption<>(name, aliases, kind, defaults, bareFlag, note, flag, readBy, parser, handler, always);
    }

    FioOption<T> readBy(String row) {
        return new FioOption<>(name, aliases, kind, defaults, bareFlag, note, honouredWith, row, parser, handler, always);
    }

    /** The row's handler, run when the option has a value (set, or its default). */
    <U> FioOption<U> apply(Parser<U> p, Handler<U> h) {
        return new FioOption<>(name, aliases, kind, defaults, bareFlag, note, honouredWith, readBy, p, h, false);
    }

    /** The row's part of the translator, run for every job whether the option is set or not. */
    FioOption<FioSetting> step(Step s) {
        return new FioOption<>(name, aliases, kind, defaults, bareFlag, note, honouredWith, readBy, (o, v) -> v,
                (job, v) -> s.apply(job), true);
    }

    /** The canonical name and the aliases. */
    Stream<String> names() {
        return Stream.concat(Stream.of(name), aliases.stream());
    }

    /** True when {@code setting} restates fio's default (booleans in any of fio's spellings). */
    boolean restatesDefault(FioSetting setting) {
        String v = setting.value().toLowerCase(Locale.ROOT);
        v = switch (v) {
            case "", "true", "yes", "on" -> "1";
            case "false", "no", "off" -> "0";
            default -> v;
        };
        return defaults.contains(v);
    }

    /** The warning's words for a {@link Kind#MEASURED_ANYWAY} option. */
    String measuredNote() {
        return note.isEmpty() ? "the I/O is fio's; iobench still times every request and reports what fio would"
                + " leave out" : note;
    }

    /** Runs the row's handler for the job {@code job} (nothing when it has none or no value). */
    void run(FioJobTranslator.Job job) {
        if (handler == null) {
            return;
        }
        FioSetting s = job.options().setting(name)
                .orElse(defaults.isEmpty() ? null : new FioSetting(name, defaults.getFirst(), "", ""));
        if (s != null) {
            handler.apply(job, parser.parse(job.options(), s));
        } else if (always) {
            handler.apply(job, null);
        }
    }
}
