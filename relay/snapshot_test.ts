/**
 * The snapshot routes in-process (`app.request`): parts checked like deltas (strand, URL,
 * epoch, write signature, position within the log), the latest snapshot once every part is
 * in, and its parts served back byte for byte.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { deriveEpochKeys, newEpochSecret, sealSnapshot } from "@helix/core/wire";
import { createRelayApp } from "./app.ts";
import { openSqliteStorage } from "./storage/sqlite.ts";
import { testStrand } from "./testing/strand.ts";

function content(position: number) {
  return {
    author: "ab".repeat(16),
    rosterHead: "cd".repeat(32),
    rosterSeq: 1,
    position,
    logFrontier: null,
    previous: null,
    stateHash: "ef".repeat(32),
    chains: [],
    ops: [],
  };
}

Deno.test("snapshot parts: refused unless the epoch's write key signed them; the latest once complete", async () => {
  const storage = openSqliteStorage(":memory:");
  const app = createRelayApp({ storage, clock: { now: () => 1_780_000_000_000 } });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(`http://relay${path}`, init);
  try {
    const strand = await testStrand();
    const base = `/v1/strands/${strand.strandId}`;
    equal((await request(base, { method: "PUT", body: strand.genesis })).status, 201);
    for (let n = 1; n <= 3; n++) {
      equal(
        (await request(`${base}/deltas`, { method: "POST", body: strand.delta(n) })).status,
        201,
      );
    }
    equal((await request(`${base}/snapshot`)).status, 404);
    const seal = (position: number, keys = strand.keys, epoch = strand.epoch) =>
      sealSnapshot({
        strandId: strand.strandId,
        epoch,
        keys,
        content: content(position),
        deviceSecretKey: strand.device.seed,
      });
    const put = (sealed: ReturnType<typeof seal>, part = 0, body = sealed.parts[part]!) =>
      request(`${base}/snapshots/${sealed.upload}/${part}`, { method: "PUT", body: body.slice() });

    const wrongKey = seal(3, deriveEpochKeys(newEpochSecret(), strand.strandId));
    const refused = await put(wrongKey);
    equal(refused.status, 403);
    equal((await refused.json()).error.code, "unauthorized");
    equal((await put(seal(3, strand.keys, strand.epoch + 1))).status, 403);
    equal((await put(seal(4))).status, 400); // past the log
    const sealed = seal(3);
    const wrongUrl = await request(`${base}/snapshots/${"00".repeat(16)}/0`, {
      method: "PUT",
      body: sealed.parts[0]!.slice(),
    });
    equal(wrongUrl.status, 400);
    const garbage = await request(`${base}/snapshots/${sealed.upload}/0`, {
      method: "PUT",
      body: new Uint8Array(100),
    });
    equal(garbage.status, 400);
    equal((await request(`${base}/snapshot`)).status, 404);

    const stored = await put(sealed);
    equal(stored.status, 201);
    deepEqual(await stored.json(), { part: 0, parts: 1, complete: true, latest: true });
    deepEqual(await (await request(`${base}/snapshot`)).json(), {
      upload: sealed.upload,
      parts: 1,
      position: 3,
      epoch: 0,
    });
    const back = await request(`${base}/snapshots/${sealed.upload}/0`);
    deepEqual(new Uint8Array(await back.arrayBuffer()), sealed.parts[0]);
    equal((await request(`${base}/snapshots/${sealed.upload}/1`)).status, 404);

    // An older snapshot completing later does not replace it.
    const older = seal(2);
    deepEqual(await (await put(older)).json(), {
      part: 0,
      parts: 1,
      complete: true,
      latest: false,
    });
    equal((await (await request(`${base}/snapshot`)).json()).upload, sealed.upload);
  } finally {
    storage.close();
  }
});
