/**
 * The Deno KV backend against the storage contract (T14), on a KV file per test (`Deno.openKv`
 * with a path; the `kv` unstable feature is on in deno.json).
 *
 * @module
 */
import { join } from "node:path";
import { storageContract } from "./contract.ts";
import { openKvStorage } from "./kv.ts";
import type { RelayStorage } from "./types.ts";

storageContract("deno kv", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-relay-kv-" });
  const path = join(dir, "relay.kv");
  let current: RelayStorage = openKvStorage(await Deno.openKv(path));
  return {
    storage: current,
    async reopen() {
      current.close();
      current = openKvStorage(await Deno.openKv(path));
      return current;
    },
    async cleanup() {
      current.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
});
