package dev.dbbench.explain;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The on-disk size of one table a benchmark's statements touched, as PostgreSQL reports it:
 * {@code pg_relation_size}, {@code pg_indexes_size}, the TOAST table with its index, and
 * {@code pg_total_relation_size}, all in bytes.
 */
@JsonPropertyOrder({"relation", "tableBytes", "indexBytes", "toastBytes", "totalBytes"})
public record RelationSize(String relation, long tableBytes, long indexBytes, long toastBytes, long totalBytes) {
}
