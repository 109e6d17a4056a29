/**
 * The verifiable log over HTTP (R16), in-process: every deltas answer carries a head signed by
 * the relay key that `GET /v1/relay-key` publishes; heads grow consistently, the proofs the log
 * routes serve verify against them, and the key persists in the data folder.
 *
 * @module
 */
import { deepEqual, equal, match, notEqual } from "node:assert/strict";
import {
  type LogHead,
  logHeadFromHeader,
  logLeafHash,
  parseFrames,
  parseLogProof,
  readDeltaHeader,
  verifyLogConsistency,
  verifyLogHead,
  verifyLogInclusion,
} from "@helix/core";
import { createRelayApp } from "./app.ts";
import { openSqliteStorage } from "./storage/sqlite.ts";
import { testStrand } from "./testing/strand.ts";

const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (p) => parseInt(p, 16));

async function relay() {
  const storage = openSqliteStorage(":memory:");
  const app = createRelayApp({ storage, clock: { now: () => 1_780_000_000_000 } });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(`http://relay${path}`, init);
  const key = await (await request("/v1/relay-key")).json();
  return { request, key: fromHex(key.public_key), raw: key, close: () => storage.close() };
}

Deno.test("every deltas answer carries a signed head that covers it", async () => {
  const r = await relay();
  try {
    equal(r.raw.algorithm, "ed25519");
    match(r.raw.fingerprint, /^[0-9a-f]{32}$/);
    const strand = await testStrand();
    const base = `/v1/strands/${strand.strandId}`;
    await r.request(base, { method: "PUT", body: strand.genesis });
    const heads: LogHead[] = [];
    const ids: string[] = [];
    const sent: Uint8Array<ArrayBuffer>[] = [];
    for (let n = 1; n <= 6; n++) {
      const bytes = strand.delta(n);
      sent.push(bytes);
      ids.push(readDeltaHeader(bytes).deltaId);
      const posted = await r.request(`${base}/deltas`, { method: "POST", body: bytes });
      equal(posted.status, 201);
      const head = logHeadFromHeader(posted.headers.get("x-helix-head")!);
      equal(verifyLogHead(head, r.key), true);
      deepEqual([head.strandId, head.size], [strand.strandId, n]);
      heads.push(head);
    }
    const again = await r.request(`${base}/deltas`, { method: "POST", body: sent[1]! });
    deepEqual(await again.json(), { seq: 2, duplicate: true });
    equal(logHeadFromHeader(again.headers.get("x-helix-head")!).size, 6);

    const listed = await r.request(`${base}/deltas?after=2&limit=2`);
    deepEqual(parseFrames(new Uint8Array(await listed.arrayBuffer())).map((f) => f.seq), [3, 4]);
    const head = logHeadFromHeader(listed.headers.get("x-helix-head")!);
    equal(head.size, 6);
    deepEqual(head.root, heads[5]!.root);

    const json = await (await r.request(`${base}/log/head`)).json();
    equal(json.size, 6);
    equal(logHeadFromHeader(json.head).size, 6);

    for (const [m, n] of [[0, 6], [1, 6], [3, 5], [4, 4], [5, 6]] as const) {
      const answer = await r.request(`${base}/log/consistency?from=${m}&to=${n}`);
      equal(answer.status, 200);
      const proof = parseLogProof(new Uint8Array(await answer.arrayBuffer()));
      const to = logHeadFromHeader(answer.headers.get("x-helix-head")!);
      equal(verifyLogHead(to, r.key), true);
      deepEqual([proof.kind, proof.first, proof.second, to.size], ["consistency", m, n, n]);
      const first = m === 0
        ? fromHex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        : heads[m - 1]!.root;
      equal(
        verifyLogConsistency(m, n, first, heads[n - 1]!.root, proof.hashes),
        true,
        `${m} → ${n}`,
      );
    }
    const inclusion = await r.request(`${base}/log/inclusion?seq=3`);
    const proof = parseLogProof(new Uint8Array(await inclusion.arrayBuffer()));
    equal(verifyLogInclusion(2, 6, logLeafHash(ids[2]!), heads[5]!.root, proof.hashes), true);
  } finally {
    r.close();
  }
});

Deno.test("log routes refuse bad sizes and unknown strands with typed errors", async () => {
  const r = await relay();
  try {
    const strand = await testStrand();
    const base = `/v1/strands/${strand.strandId}`;
    equal((await r.request(`${base}/log/head`)).status, 404);
    await r.request(base, { method: "PUT", body: strand.genesis });
    await r.request(`${base}/deltas`, { method: "POST", body: strand.delta(1) });
    const cases = [
      `${base}/log/consistency`,
      `${base}/log/consistency?from=2`,
      `${base}/log/consistency?from=1&to=2`,
      `${base}/log/consistency?from=-1`,
      `${base}/log/inclusion?seq=0`,
      `${base}/log/inclusion?seq=2`,
      `/v1/strands/nothex/log/head`,
    ];
    for (const path of cases) {
      const answer = await r.request(path);
      equal(answer.status, 400, path);
      equal((await answer.json()).error.code, "bad_request");
    }
    const empty = await (await r.request(`${base}/log/consistency?from=1`)).arrayBuffer();
    deepEqual(parseLogProof(new Uint8Array(empty)).hashes, []);
  } finally {
    r.close();
  }
});

Deno.test("the relay key is made once in the data folder, owner-only", async () => {
  const { serveRelay } = await import("./main.ts");
  const dir = await Deno.makeTempDir({ prefix: "helix-relay-key-" });
  try {
    const keys: string[] = [];
    for (let run = 0; run < 2; run++) {
      const stop = new AbortController();
      let address = "";
      const served = serveRelay(["--port", "0", "--data", dir, "--log-level", "error"], {}, {
        signal: stop.signal,
        io: { stdout: (text) => address = text.match(/http:\/\/\S+/)![0], stderr: () => {} },
      });
      while (!address) await new Promise((resolve) => setTimeout(resolve, 10));
      keys.push((await (await fetch(`${address}/v1/relay-key`)).json()).public_key);
      stop.abort();
      equal(await served, 0);
    }
    equal(keys[0], keys[1]);
    notEqual(keys[0], undefined);
    if (Deno.build.os !== "windows") equal((await Deno.stat(`${dir}/relay.key`)).mode! & 0o077, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
