package org.iobench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.session.ExitException;
import org.iobench.session.ResultSaver;
import org.iobench.store.Labels;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** How commands that run jobs save them: {@code --db}, {@code --label k=v}, {@code --note}, {@code --no-store}. */
final class StoreOptions {
    @Mixin
    DbOptions db = new DbOptions();

    @Option(names = "--label", paramLabel = "KEY=VALUE", converter = LabelConverter.class,
            description = "label the saved run, e.g. --label kernel=6.1 --label patch=with (repeatable)")
    List<Map.Entry<String, String>> labels = new ArrayList<>();

    @Option(names = "--note", paramLabel = "TEXT", description = "free text saved with the run")
    String note;

    @Option(names = "--no-store", description = "do not save the results in the result database")
    boolean noStore;

    /**
     * Checks, before any work, what saving will need: the labels (one value per key) and a writable database.
     * Nothing to check with {@code --no-store}.
     *
     * @throws ExitException status 2 naming the option and the reason
     */
    void check() {
        labelMap();
        if (!noStore) {
            db.checkWritable();
        }
    }

    /** What saves the results: null with {@code --no-store}. */
    ResultSaver saver() {
        return noStore ? null : new ResultSaver(db::openForSaving, labelMap(), note);
    }

    /** The labels as a map, in the order given; a key given twice with two values is an error (status 2). */
    Map<String, String> labelMap() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : labels) {
            String old = out.put(e.getKey(), e.getValue());
            if (old != null && !old.equals(e.getValue())) {
                throw ExitException.usage("--label " + e.getKey() + "=" + e.getValue() + ": "
                        + e.getKey() + " is already " + old + "; a run has one value per label");
            }
        }
        return out;
    }

    static final class LabelConverter implements ITypeConverter<Map.Entry<String, String>> {
        @Override
        public Map.Entry<String, String> convert(String value) {
            try {
                return Labels.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
