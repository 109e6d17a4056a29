/**
 * The compaction routes in-process (`app.request`): a GC marker is refused unless the epoch's
 * write key signed it, it names the roster head and the latest snapshot at its position; once
 * kept, the covered deltas' bytes are gone, a pull that asks for them answers 410
 * `compacted`, what follows is served, and the log's proofs still verify.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import {
  deriveEpochKeys,
  logHeadFromHeader,
  logLeafHash,
  newEpochSecret,
  parseFrames,
  parseLogProof,
  sealGcMarker,
  sealSnapshot,
  verifyLogInclusion,
} from "@helix/core/wire";
import { createRelayApp } from "./app.ts";
import { openSqliteStorage } from "./storage/sqlite.ts";
import { testStrand } from "./testing/strand.ts";

Deno.test("compaction: a checked GC marker drops covered bytes; a pull before it answers 410", async () => {
  const storage = openSqliteStorage(":memory:");
  const app = createRelayApp({ storage, clock: { now: () => 1_780_000_000_000 } });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(`http://relay${path}`, init);
  try {
    const strand = await testStrand();
    const base = `/v1/strands/${strand.strandId}`;
    equal((await request(base, { method: "PUT", body: strand.genesis })).status, 201);
    const deltas = [1, 2, 3, 4].map((n) => strand.delta(n));
    for (const body of deltas) {
      equal((await request(`${base}/deltas`, { method: "POST", body })).status, 201);
    }
    const snapshot = sealSnapshot({
      strandId: strand.strandId,
      epoch: strand.epoch,
      keys: strand.keys,
      content: {
        author: strand.device.device,
        rosterHead: strand.head,
        rosterSeq: 1,
        position: 3,
        logFrontier: null,
        previous: null,
        stateHash: "ef".repeat(32),
        chains: [],
        ops: [],
      },
      deviceSecretKey: strand.device.seed,
    });
    const fields = {
      strandId: strand.strandId,
      epoch: strand.epoch,
      upload: snapshot.upload,
      position: 3,
      rosterSeq: 1,
      rosterHead: strand.head,
      snapshotId: snapshot.snapshotId,
    };
    const marker = (over: Partial<typeof fields> = {}, keys = strand.keys) =>
      sealGcMarker({ ...fields, ...over }, strand.device.device, strand.device.seed, keys);
    const put = (body: Uint8Array) =>
      request(`${base}/gc-marker`, { method: "PUT", body: body.slice() });

    equal((await put(marker())).status, 409, "no snapshot yet");
    equal((await request(`${base}/gc-marker`)).status, 404);
    const part = `${base}/snapshots/${snapshot.upload}/0`;
    equal((await request(part, { method: "PUT", body: snapshot.parts[0]!.slice() })).status, 201);
    const wrongKey = await put(marker({}, deriveEpochKeys(newEpochSecret(), strand.strandId)));
    equal(wrongKey.status, 403);
    equal((await wrongKey.json()).error.code, "unauthorized");
    equal((await put(marker({ rosterHead: "00".repeat(32) }))).status, 409, "another roster head");
    equal((await put(marker({ upload: "00".repeat(16) }))).status, 409, "another snapshot");
    equal((await put(marker({ position: 4 }))).status, 400, "past its snapshot");
    equal((await put(new Uint8Array(245))).status, 400, "garbage");
    equal(await storage.bytesUsed(strand.strandId), deltas.reduce((n, d) => n + d.length, 0));

    const before = logHeadFromHeader(
      (await request(`${base}/log/head`)).headers.get("x-helix-head")!,
    );
    const kept = await put(marker());
    equal(kept.status, 200);
    deepEqual(await kept.json(), {
      position: 3,
      dropped: 3,
      freed: deltas.slice(0, 3).reduce((n, d) => n + d.length, 0),
    });
    equal(await storage.bytesUsed(strand.strandId), deltas[3]!.length);
    const served = await request(`${base}/gc-marker`);
    deepEqual(new Uint8Array(await served.arrayBuffer()), marker());

    for (const after of [0, 2]) {
      const gone = await request(`${base}/deltas?after=${after}`);
      equal(gone.status, 410);
      const body = await gone.json();
      equal(body.error.code, "compacted");
      equal(body.position, 3);
      equal(body.snapshot.upload, snapshot.upload);
    }
    const rest = await request(`${base}/deltas?after=3`);
    equal(rest.status, 200);
    deepEqual(parseFrames(new Uint8Array(await rest.arrayBuffer())), [{
      seq: 4,
      bytes: deltas[3],
    }]);
    // The log is the same: same head, and a dropped delta's inclusion still proves.
    const after = logHeadFromHeader(
      (await request(`${base}/log/head`)).headers.get("x-helix-head")!,
    );
    deepEqual(after, before);
    const proof = parseLogProof(
      new Uint8Array(await (await request(`${base}/log/inclusion?seq=2`)).arrayBuffer()),
    );
    const id = Array.from(
      new Uint8Array(await crypto.subtle.digest("SHA-256", deltas[1]!)),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    equal(verifyLogInclusion(1, after.size, logLeafHash(id), after.root, proof.hashes), true);
    // A re-upload of a dropped delta is a duplicate, not a new leaf.
    const again = await request(`${base}/deltas`, { method: "POST", body: deltas[0]!.slice() });
    equal(again.status, 200);
    deepEqual(await again.json(), { seq: 1, duplicate: true });
    equal((await put(marker())).status, 200, "the same marker again is a no-op");
  } finally {
    storage.close();
  }
});
