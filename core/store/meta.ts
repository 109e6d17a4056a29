/**
 * Opening a strand end to end: the SQLite file, its schema (migrated inside a write
 * transaction), and the `meta` pins — strand id, this device's id, embedding model and
 * dimension — created on first open and checked on every later one.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { existsSync } from "node:fs";
import { HelixError } from "../errors.ts";
import { randomHex } from "../util/hash.ts";
import { migrate, SCHEMA_VERSION } from "./migrations.ts";
import { openDatabase, type OpenDatabaseOptions } from "./sqlite.ts";
import { sqliteError } from "./sqlite_errors.ts";
import { beginWrite } from "./write_lock.ts";

/** What `meta` pins for a strand. */
export interface StrandMeta {
  /** The strand's id: 32 random hex characters, drawn when the strand was created. */
  readonly strandId: string;
  /** This strand file's device id (32 random hex characters): stamped on every op it writes. */
  readonly deviceId: string;
  /** The schema version the tables are migrated to. */
  readonly schemaVersion: number;
  /** Embedding model the strand's vectors were made with. */
  readonly embeddingModel: string;
  /** Length of those vectors. */
  readonly embeddingDimension: number;
  /** When the strand was created, in ms since the epoch. */
  readonly createdAt: number;
}

/** Options of {@linkcode openStrandFile}. */
export interface OpenStrandFileOptions extends OpenDatabaseOptions {
  /** Embedding model a new strand is pinned to. */
  readonly embeddingModel: string;
  /** Vector dimension a new strand is pinned to. */
  readonly embeddingDimension: number;
  /** Creation time for a new strand (ms). */
  readonly now: number;
  /** Refuse to create a strand that does not exist yet. */
  readonly mustExist?: boolean;
}

/** Opens, migrates and pins a strand; the caller owns the returned connection. */
export function openStrandFile(
  path: string,
  options: OpenStrandFileOptions,
): { db: DatabaseSync; meta: StrandMeta; created: boolean } {
  if (options.mustExist && path !== ":memory:" && !existsSync(path)) {
    throw new HelixError(
      "not_found",
      `Cannot open strand ${path}: it does not exist (run \`helix init\`)`,
    );
  }
  const db = openDatabase(path, options);
  try {
    let created = false;
    beginWrite(db, `open strand ${path}`);
    try {
      const found = migrate(db, { dimension: options.embeddingDimension });
      if (found === 0) {
        if (options.mustExist) {
          throw new HelixError(
            "not_found",
            `Cannot open strand ${path}: it does not exist (run \`helix init\`)`,
          );
        }
        const set = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
        set.run("strand_id", randomHex(16));
        set.run("device_id", randomHex(16));
        set.run("embedding_model", options.embeddingModel);
        set.run("embedding_dimension", String(options.embeddingDimension));
        set.run("created_at", String(options.now));
        created = true;
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
    return { db, meta: readMeta(db), created };
  } catch (error) {
    db.close();
    throw sqliteError(error, `open strand ${path}`);
  }
}

/** Reads the pinned metadata of an open strand. */
export function readMeta(db: DatabaseSync): StrandMeta {
  const rows = db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[];
  const meta = new Map(rows.map((r) => [r.key, r.value]));
  const need = (key: string) => {
    const value = meta.get(key);
    if (value === undefined) {
      throw new HelixError("corrupt", `Cannot read strand meta: "${key}" is missing`);
    }
    return value;
  };
  return {
    strandId: need("strand_id"),
    deviceId: need("device_id"),
    schemaVersion: Number(meta.get("schema_version") ?? SCHEMA_VERSION),
    embeddingModel: need("embedding_model"),
    embeddingDimension: Number(need("embedding_dimension")),
    createdAt: Number(need("created_at")),
  };
}
