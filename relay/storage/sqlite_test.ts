/**
 * The SQLite backend against the storage contract (T14), on a real file per test.
 *
 * @module
 */
import { join } from "node:path";
import { storageContract } from "./contract.ts";
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
