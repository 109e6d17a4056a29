/**
 * The Deno Deploy entry serves the relay over a Deno KV database.
 *
 * @module
 */
import { deepEqual, equal, rejects } from "node:assert/strict";
import { logHeadFromHeader, parseFrames } from "@helix/core";
import { deployRelay } from "./deploy.ts";
import { loadOrCreateKvRelayKey } from "./relay_key_kv.ts";
import { testStrand } from "./testing/strand.ts";

Deno.test("deployRelay() serves strands over Deno KV with the token from the environment", async () => {
  const kv = await Deno.openKv(":memory:");
  const lines: string[] = [];
  const app = deployRelay(kv, { HELIX_RELAY_TOKEN: "op" }, (line) => lines.push(line));
  try {
    const strand = await testStrand();
    const base = `http://relay/v1/strands/${strand.strandId}`;
    equal((await app.request(base, { method: "PUT", body: strand.genesis })).status, 401);
    const created = await app.request(base, {
      method: "PUT",
      body: strand.genesis,
      headers: { authorization: "Bearer op" },
    });
    equal(created.status, 201);
    const posted = await app.request(`${base}/deltas`, { method: "POST", body: strand.delta(1) });
    equal(posted.status, 201);
    equal(logHeadFromHeader(posted.headers.get("x-helix-head")!).size, 1);
    const listed = await app.request(`${base}/deltas`);
    deepEqual(parseFrames(new Uint8Array(await listed.arrayBuffer())).map((f) => f.seq), [1]);
    equal(lines.length, 4);
  } finally {
    kv.close();
  }
});

Deno.test("loadOrCreateKvRelayKey() keeps one key in KV, or takes the seed from the environment", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const first = await loadOrCreateKvRelayKey(kv, {});
    deepEqual((await loadOrCreateKvRelayKey(kv, {})).publicKey, first.publicKey);
    const seed = "07".repeat(32);
    const given = await loadOrCreateKvRelayKey(kv, { HELIX_RELAY_SIGNING_KEY: seed });
    deepEqual(given.secretKey, new Uint8Array(32).fill(7));
    await rejects(() => loadOrCreateKvRelayKey(kv, { HELIX_RELAY_SIGNING_KEY: "xyz" }));
    const app = deployRelay(kv, {}, () => {}, given);
    const key = await (await app.request("http://relay/v1/relay-key")).json();
    equal(
      key.public_key,
      Array.from(given.publicKey, (b) => b.toString(16).padStart(2, "0")).join(""),
    );
  } finally {
    kv.close();
  }
});
