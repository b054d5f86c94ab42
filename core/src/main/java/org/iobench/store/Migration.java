package org.iobench.store;

import java.util.List;

/**
 * One step of the schema, applied once, in its own transaction, in version order. Statements use {@code {id}} for
 * the auto-increment key column ({@link SqlDialect#expand}); everything else is SQL both databases accept.
 *
 * @param version     1, 2, ...: the schema version after this step
 * @param description one line, kept in {@code schema_migrations}
 */
public record Migration(int version, String description, List<String> statements) {
    public Migration {
        statements = List.copyOf(statements);
    }
}
