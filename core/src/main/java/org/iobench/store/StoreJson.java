package org.iobench.store;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The store's own Jackson set-up, independent of the JSON report's: what a row holds must not change when a
 * printed format does. Paths are plain strings (Jackson's default would be a {@code file://} URI).
 */
final class StoreJson {
    /** Compact, one document per column value. */
    static final ObjectMapper WRITER = base().disable(SerializationFeature.INDENT_OUTPUT);

    /**
     * Tolerant of what older rows hold: fields this build does not know (a newer iobench's) are skipped, enums in
     * any case (the earliest rows spelled them RANDREAD), lists added later (findings) empty when absent.
     */
    static final ObjectMapper READER = reader();

    private StoreJson() {}

    private static ObjectMapper base() {
        SimpleModule paths = new SimpleModule("iobench-store-paths");
        paths.addSerializer(Path.class, new JsonSerializer<>() {
            @Override
            public void serialize(Path value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(value.toString());
            }
        });
        return new ObjectMapper().registerModule(paths).disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    private static ObjectMapper reader() {
        ObjectMapper m = base()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, true);
        m.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return m;
    }
}
