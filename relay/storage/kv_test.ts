/**
 * The Deno KV backend against the storage contract (T14), on a KV file per test (`Deno.openKv`
 * with a path; the `kv` unstable feature is on in deno.json).
 *
 * @module
 */
import { deepEqual } from "node:assert/strict";
import { join } from "node:path";
import { storageContract } from "./contract.ts";
import { referenceRoot, storedRoot } from "./contract_log.ts";
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

Deno.test("deno kv storage: a strand from before the log tree gets its tree on first use", async () => {
  const kv = await Deno.openKv(":memory:");
  const storage = openKvStorage(kv);
  try {
    const strand = "0123456789abcdef0123456789abcdef";
    const ids = Array.from({ length: 11 }, (_, i) => (i + 1).toString(16).padStart(64, "0"));
    const genesis = { seq: 1, hash: "0".repeat(64), epoch: 0, wpk: new Uint8Array(32) };
    await storage.createStrand(strand, { ...genesis, bytes: Uint8Array.of(1), day: 1 });
    for (const [i, deltaId] of ids.slice(0, 10).entries()) {
      await storage.appendDelta(
        strand,
        { deltaId, epoch: 0, bytes: Uint8Array.of(i), day: 1 },
        1e9,
      );
    }
    for await (const entry of kv.list({ prefix: ["logNode"] })) await kv.delete(entry.key);
    const head = await kv.get<Record<string, unknown>>(["head", strand]);
    const { logSize: _dropped, ...old } = head.value!;
    await kv.set(["head", strand], old);
    deepEqual(await storedRoot(storage, strand), referenceRoot(ids.slice(0, 10)));
    await kv.set(["head", strand], old);
    for await (const entry of kv.list({ prefix: ["logNode"] })) await kv.delete(entry.key);
    await storage.appendDelta(strand, {
      deltaId: ids[10]!,
      epoch: 0,
      bytes: Uint8Array.of(10),
      day: 1,
    }, 1e9);
    deepEqual(await storedRoot(storage, strand), referenceRoot(ids));
  } finally {
    storage.close();
  }
});
