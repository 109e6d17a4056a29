/**
 * The shape of a schema migration: a numbered step that changes the schema inside the
 * migration transaction.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** What a migration may depend on besides the database. */
export interface MigrationContext {
  /** Vector dimension pinned for this strand. */
  readonly dimension: number;
}

/** One schema step. */
export interface Migration {
  /** 1, 2, 3… in order. */
  readonly version: number;
  /** What it changes. */
  readonly description: string;
  /** Applies the change; runs inside the migration transaction. */
  up(db: DatabaseSync, context: MigrationContext): void;
}
