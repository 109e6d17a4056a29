/**
 * The vec0 table of float vectors, `memory_vectors`, defined once: the first migration creates
 * it at the strand's pinned dimension and a re-embedding recreates it at the new model's, so a
 * re-embedding always builds the table the migration would have (same column, same metric).
 *
 * @module
 */

/**
 * SQL creating `memory_vectors` for `dimension`-d vectors compared by cosine distance.
 *
 * @example Usage
 * ```ts
 * import { vectorTableSql } from "./vector_schema.ts";
 * import { match } from "node:assert/strict";
 *
 * match(vectorTableSql(384), /USING vec0\(\s*embedding float\[384\] distance_metric=cosine\s*\)/);
 * ```
 */
export function vectorTableSql(dimension: number): string {
  if (!Number.isInteger(dimension) || dimension <= 0) {
    throw new RangeError(
      `Cannot define the vector table: dimension must be a positive integer, current value is ${dimension}`,
    );
  }
  return `CREATE VIRTUAL TABLE memory_vectors USING vec0(
          embedding float[${dimension}] distance_metric=cosine
        )`;
}
