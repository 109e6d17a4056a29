/**
 * The relay over loopback HTTP against a real `helix relay serve` process, on each backend:
 * strand creation and the operator token, the roster compare-and-swap, deltas (framing,
 * duplicates, cursors, write authorization by epoch), the typed 413 (declared and streamed),
 * the 429 and a restart that keeps what was acknowledged.
 *
 * @module
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { parseFrames, rosterEntryHash, sealRosterEntry } from "@helix/core";
import { startRelay } from "./testing/process.ts";
import { testDevice, testStrand } from "./testing/strand.ts";

/** Another entry at the position `strand` just filled (its seq and prev), by the same key. */
async function forkOf(strand: Awaited<ReturnType<typeof testStrand>>) {
  const other = await testDevice();
  return new Uint8Array(sealRosterEntry({
    strandId: strand.strandId,
    seq: 2,
    prev: rosterEntryHash(strand.genesis),
    epoch: strand.epoch,
    keys: strand.keys,
    op: {
      kind: "add_device",
      device: other.device,
      ed25519: other.ed25519,
      x25519: other.ed25519,
      name: "other",
    },
    signerSecretKey: strand.device.seed,
  }));
}

type Body = Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | string;

function client(base: string) {
  const call = async (method: string, path: string, body?: Body, headers: HeadersInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const type = response.headers.get("content-type") ?? "";
    const payload = type.includes("json")
      ? await response.json()
      : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: payload };
  };
  return call;
}

for (const storage of ["sqlite", "kv"] as const) {
  Deno.test(`relay over HTTP (${storage}): strands, roster CAS, deltas, limits`, async (t) => {
    await using relay = await startRelay({ storage });
    const call = client(relay.url);
    const strand = await testStrand();
    const id = strand.strandId;
    const genesis = strand.genesis;

    await t.step("health", async () => {
      deepEqual((await call("GET", "/healthz")).body, { ok: true, version: "1" });
    });

    await t.step("a strand is created by its genesis entry, once", async () => {
      equal((await call("GET", `/v1/strands/${id}/roster`)).status, 404);
      const created = await call("PUT", `/v1/strands/${id}`, genesis);
      equal(created.status, 201);
      deepEqual(created.body, { seq: 1 });
      deepEqual((await call("PUT", `/v1/strands/${id}`, genesis)).body, {
        seq: 1,
        duplicate: true,
      });
      const other = await testStrand(id);
      const taken = await call("PUT", `/v1/strands/${id}`, other.genesis);
      equal(taken.status, 409);
      equal(taken.body.error.code, "conflict");
      const elsewhere = await call("PUT", `/v1/strands/${"ab".repeat(16)}`, genesis);
      equal(elsewhere.status, 400, "an entry for another strand than the URL");
      const bad = await call("PUT", `/v1/strands/${id.toUpperCase()}`, genesis);
      equal(bad.status, 400);
    });

    await t.step("roster appends are compare-and-swap on the head", async () => {
      const rival = await testStrand(id);
      const entry2 = await strand.nextEntry();
      const appended = await call("POST", `/v1/strands/${id}/roster`, entry2);
      equal(appended.status, 201);
      deepEqual(appended.body, { seq: 2 });
      deepEqual((await call("POST", `/v1/strands/${id}/roster`, entry2)).body, {
        seq: 2,
        duplicate: true,
      });
      // A writer still at seq 1 (a rival admin): 409 with the head to rebase on.
      const stale = await call("POST", `/v1/strands/${id}/roster`, await rival.nextEntry());
      equal(stale.status, 409);
      equal(stale.body.error.code, "conflict");
      equal(stale.body.head_seq, 2);
      const frames = parseFrames((await call("GET", `/v1/strands/${id}/roster?after=0`)).body);
      deepEqual(frames.map((f) => f.seq), [1, 2]);
      deepEqual(frames[1]!.bytes, entry2);
      const after = await call("GET", `/v1/strands/${id}/roster?after=1`);
      equal(after.headers.get("x-helix-next"), "2");
      equal(after.headers.get("content-type"), "application/octet-stream");
    });

    await t.step("two writers racing for the same head: one 201, one 409", async () => {
      const rivalA = await testStrand();
      await call("PUT", `/v1/strands/${rivalA.strandId}`, rivalA.genesis);
      // Both build on the same head: the same strand key, two different entries at seq 2.
      const [a, b] = [await rivalA.nextEntry(), await forkOf(rivalA)];
      const results = await Promise.all(
        [a, b].map((entry) => call("POST", `/v1/strands/${rivalA.strandId}/roster`, entry)),
      );
      deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    });

    await t.step("a roster entry not signed by the epoch's write key is refused", async () => {
      const outsider = await testStrand(id);
      // Same head position, but the wsig is another strand key's: the relay cannot tell by CAS.
      const forged = await outsider.nextEntry();
      const response = await call("POST", `/v1/strands/${id}/roster`, forged);
      equal(response.status, 409, "a forged entry at an old position is a conflict first");
      const mine = await strand.nextEntry({ writeKeys: outsider.keys });
      const refused = await call("POST", `/v1/strands/${id}/roster`, mine);
      equal(refused.status, 403);
      equal(refused.body.error.code, "unauthorized");
      match(refused.body.error.message, /write signature/);
    });

    await t.step("deltas get server sequences; a re-upload returns the same one", async () => {
      const fresh = await testStrand();
      equal((await call("PUT", `/v1/strands/${fresh.strandId}`, fresh.genesis)).status, 201);
      const push = (bytes: Uint8Array<ArrayBuffer>) =>
        call("POST", `/v1/strands/${fresh.strandId}/deltas`, bytes);
      const deltas = [1, 2, 3, 4, 5].map((n) => fresh.delta(n, n));
      for (const [i, delta] of deltas.entries()) {
        const stored = await push(delta);
        equal(stored.status, 201);
        deepEqual(stored.body, { seq: i + 1, duplicate: false });
      }
      const again = await push(deltas[2]!);
      equal(again.status, 200);
      deepEqual(again.body, { seq: 3, duplicate: true });
      const page = await call("GET", `/v1/strands/${fresh.strandId}/deltas?after=1&limit=2`);
      equal(page.headers.get("x-helix-next"), "3");
      deepEqual(parseFrames(page.body), [
        { seq: 2, bytes: deltas[1] },
        { seq: 3, bytes: deltas[2] },
      ]);
      const rest = await call("GET", `/v1/strands/${fresh.strandId}/deltas?after=3`);
      deepEqual(parseFrames(rest.body).map((f) => f.seq), [4, 5]);
      const none = await call("GET", `/v1/strands/${fresh.strandId}/deltas?after=5`);
      equal(none.body.length, 0);
      equal(none.headers.get("x-helix-next"), "5");
      equal((await call("GET", `/v1/strands/${fresh.strandId}/deltas?after=-1`)).status, 400);
      equal((await call("GET", `/v1/strands/${fresh.strandId}/deltas?limit=99999`)).status, 400);
    });

    await t.step("write authorization: the current epoch's key only (R14)", async () => {
      const fresh = await testStrand();
      await call("PUT", `/v1/strands/${fresh.strandId}`, fresh.genesis);
      const path = `/v1/strands/${fresh.strandId}/deltas`;
      const flipped = fresh.delta(1);
      flipped[flipped.length - 70]! ^= 1;
      const tampered = await call("POST", path, flipped);
      equal(tampered.status, 403, "a flipped ciphertext bit breaks the write signature");
      equal(tampered.body.error.code, "unauthorized");
      const garbage = await call("POST", path, new TextEncoder().encode("HXD1 not really"));
      equal(garbage.status, 400);
      equal(garbage.body.error.code, "bad_request");
      const foreign = await testStrand();
      equal((await call("POST", path, foreign.delta(1))).status, 400, "another strand's delta");
      const old = fresh.delta(2);
      equal((await call("POST", path, old)).status, 201);
      // A rotation: the next entry opens epoch 1 with a new write key.
      equal(
        (await call(
          "POST",
          `/v1/strands/${fresh.strandId}/roster`,
          await fresh.nextEntry({ newEpoch: true }),
        )).status,
        201,
      );
      const rotated = await call("POST", path, fresh.delta(3, 1));
      equal(rotated.status, 201, "sealed after the rotation: epoch 1");
      const oldKey = await testStrand(fresh.strandId);
      const dead = await call("POST", path, oldKey.delta(4));
      equal(dead.status, 403, "epoch 0 is no longer current");
      equal(dead.body.epoch, 1);
      deepEqual((await call("POST", path, old)).body, { seq: 1, duplicate: true });
    });

    await t.step("413 states the 1 MiB limit, declared or streamed", async () => {
      const path = `/v1/strands/${id}/deltas`;
      const declared = await call("POST", path, new Uint8Array((1 << 20) + 1));
      equal(declared.status, 413);
      equal(declared.body.error.code, "too_large");
      match(declared.body.error.message, /1048576-byte limit \(1 MiB\)/);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 4 << 20) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const streamed = await call("POST", path, stream);
      equal(streamed.status, 413);
      equal(streamed.body.limit, 1 << 20);
    });

    await t.step("unknown strand, bad ids and routes are typed", async () => {
      const unknown = await call("POST", `/v1/strands/${"cd".repeat(16)}/deltas`, strand.delta(9));
      equal(unknown.status, 400, "the delta names another strand than the URL");
      const missing = await call("GET", `/v1/strands/${"cd".repeat(16)}/deltas`);
      equal(missing.status, 404);
      equal(missing.body.error.code, "not_found");
    });
  });
}

Deno.test("relay over HTTP: the operator token gates strand creation only", async () => {
  await using relay = await startRelay({
    env: { MY_RELAY_TOKEN: "s3cret-operator" },
    args: ["--token-env", "MY_RELAY_TOKEN"],
  });
  const call = client(relay.url);
  const strand = await testStrand();
  const path = `/v1/strands/${strand.strandId}`;
  const missing = await call("PUT", path, strand.genesis);
  equal(missing.status, 401);
  equal(missing.body.error.code, "unauthorized");
  equal((await call("PUT", path, strand.genesis, { authorization: "Bearer nope" })).status, 403);
  const ok201 = await call("PUT", path, strand.genesis, {
    authorization: "Bearer s3cret-operator",
  });
  equal(ok201.status, 201);
  equal(
    (await call("POST", `${path}/deltas`, strand.delta(1))).status,
    201,
    "pushes need no token",
  );
  ok(!relay.stderr().includes("s3cret"), "the token is never logged");
  equal(await relay.stop(), 0, "SIGTERM stops it cleanly");
});

Deno.test("relay over HTTP: 429 with retry-after past the per-IP rate", async () => {
  await using relay = await startRelay({ env: { HELIX_RELAY_IP_RATE: "1/5" } });
  const call = client(relay.url);
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 8; i++) {
    const response = await call("GET", "/v1/rendezvous/abcdefgh/hello");
    statuses.push(response.status);
    if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
  }
  ok(statuses.slice(0, 5).every((s) => s === 404), String(statuses));
  ok(statuses.includes(429), String(statuses));
  ok(Number(retryAfter) >= 1);
});

Deno.test("relay over HTTP: 507 past the strand's byte quota", async () => {
  const strand = await testStrand();
  const [first, second] = [strand.delta(1), strand.delta(2)];
  const quota = first.length + second.length;
  await using relay = await startRelay({ env: { HELIX_RELAY_QUOTA_BYTES: String(quota) } });
  const call = client(relay.url);
  await call("PUT", `/v1/strands/${strand.strandId}`, strand.genesis);
  const path = `/v1/strands/${strand.strandId}/deltas`;
  equal((await call("POST", path, first)).status, 201);
  equal((await call("POST", path, second)).status, 201);
  const full = await call("POST", path, strand.delta(3));
  equal(full.status, 507);
  equal(full.body.error.code, "quota");
  equal(full.body.quota, quota);
});

Deno.test("relay over HTTP: what was acknowledged survives a restart", async () => {
  const data = await Deno.makeTempDir({ prefix: "helix-relay-data-" });
  try {
    const strand = await testStrand();
    {
      await using relay = await startRelay({ data });
      const call = client(relay.url);
      await call("PUT", `/v1/strands/${strand.strandId}`, strand.genesis);
      for (let n = 1; n <= 3; n++) {
        await call("POST", `/v1/strands/${strand.strandId}/deltas`, strand.delta(n));
      }
    }
    await using relay = await startRelay({ data });
    const call = client(relay.url);
    const listed = await call("GET", `/v1/strands/${strand.strandId}/deltas`);
    deepEqual(parseFrames(listed.body).map((f) => f.seq), [1, 2, 3]);
    deepEqual((await call("POST", `/v1/strands/${strand.strandId}/deltas`, strand.delta(4))).body, {
      seq: 4,
      duplicate: false,
    });
  } finally {
    await Deno.remove(data, { recursive: true });
  }
});
