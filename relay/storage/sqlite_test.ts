/**
 * The SQLite backend against the storage contract (T14), on a real file per test.
 *
 * @module
 */
import { deepEqual } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { storageContract } from "./contract.ts";
import { referenceRoot, storedRoot } from "./contract_log.ts";
import { openSqliteStorage } from "./sqlite.ts";
import type { RelayStorage } from "./types.ts";

storageContract("sqlite", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-relay-sqlite-" });
  const path = join(dir, "relay.sqlite");
  let current: RelayStorage = openSqliteStorage(path);
  return {
    storage: current,
    reopen() {
      current.close();
      current = openSqliteStorage(path);
      return Promise.resolve(current);
    },
    async cleanup() {
      current.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
});

Deno.test("sqlite storage: a database from before the log tree gets its tree on open", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-relay-sqlite-" });
  const path = join(dir, "relay.sqlite");
  try {
    const strand = "0123456789abcdef0123456789abcdef";
    const ids = Array.from({ length: 11 }, (_, i) => (i + 1).toString(16).padStart(64, "0"));
    let storage = openSqliteStorage(path);
    const genesis = { seq: 1, hash: "0".repeat(64), epoch: 0, wpk: new Uint8Array(32) };
    await storage.createStrand(strand, { ...genesis, bytes: Uint8Array.of(1), day: 1 });
    for (const [i, deltaId] of ids.entries()) {
      await storage.appendDelta(
        strand,
        { deltaId, epoch: 0, bytes: Uint8Array.of(i), day: 1 },
        1e9,
      );
    }
    storage.close();
    const raw = new DatabaseSync(path);
    raw.exec("DELETE FROM log_nodes WHERE (idx + 1) * (1 << level) > 4"); // a tree of 4 leaves
    raw.close();
    storage = openSqliteStorage(path);
    deepEqual(await storedRoot(storage, strand), referenceRoot(ids));
    storage.close();
    const again = new DatabaseSync(path);
    again.exec("DROP TABLE log_nodes");
    again.close();
    storage = openSqliteStorage(path);
    deepEqual(await storedRoot(storage, strand), referenceRoot(ids));
    storage.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
