/**
 * Ordered, append-only schema migrations: the initial schema (`schema_v1.ts`) and every step
 * after it (`schema_changes.ts`). Never edit a released migration: add the next one. The
 * schema version lives in `meta`; a strand from a newer schema is refused.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { HelixError } from "../errors.ts";
import type { Migration, MigrationContext } from "./migration.ts";
import { SCHEMA_CHANGES } from "./schema_changes.ts";
import { SCHEMA_V1 } from "./schema_v1.ts";

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [SCHEMA_V1, ...SCHEMA_CHANGES];

/** The schema version this build writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;

/** Reads the schema version of an open strand: 0 for a fresh, empty database. */
export function schemaVersion(db: DatabaseSync): number {
  const hasMeta = db.prepare(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
  ).get();
  if (!hasMeta) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    if (tables.n > 0) {
      throw new HelixError(
        "not_a_strand",
        "Cannot open strand: the file is a SQLite database of another application (no Helix meta table)",
      );
    }
    return 0;
  }
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
    | { value: string }
    | undefined;
  const version = row ? Number(row.value) : NaN;
  if (!Number.isInteger(version) || version < 1) {
    throw new HelixError("not_a_strand", "Cannot open strand: meta has no valid schema_version");
  }
  return version;
}

/**
 * Brings the schema to {@linkcode SCHEMA_VERSION} inside the caller's write transaction.
 * Returns the version found. Throws `unsupported_version` for a newer strand.
 */
export function migrate(db: DatabaseSync, context: MigrationContext): number {
  const found = schemaVersion(db);
  if (found > SCHEMA_VERSION) {
    throw new HelixError(
      "unsupported_version",
      `Cannot open strand: it uses schema version ${found}, this Helix understands up to ${SCHEMA_VERSION}; upgrade Helix`,
      { details: { found, supported: SCHEMA_VERSION } },
    );
  }
  if (found === 0) {
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT");
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= found) continue;
    migration.up(db, context);
  }
  if (found < SCHEMA_VERSION) {
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)")
      .run(String(SCHEMA_VERSION));
  }
  return found;
}
