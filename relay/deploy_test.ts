/**
 * The Deno Deploy entry serves the relay over a Deno KV database.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { parseFrames } from "@helix/core";
import { deployRelay } from "./deploy.ts";
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
    equal(
      (await app.request(`${base}/deltas`, { method: "POST", body: strand.delta(1) })).status,
      201,
    );
    const listed = await app.request(`${base}/deltas`);
    deepEqual(parseFrames(new Uint8Array(await listed.arrayBuffer())).map((f) => f.seq), [1]);
    equal(lines.length, 4);
  } finally {
    kv.close();
  }
});
