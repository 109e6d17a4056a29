/**
 * The relay app in-process (`app.request`, no port) where time matters: rendezvous expiry, token
 * buckets and their retry-after, all on an injected clock; plus the quota and what logs hold.
 * The HTTP behaviour against a real process is `http_test.ts`.
 *
 * @module
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { createRelayApp, type RelayDeps } from "./app.ts";
import { openSqliteStorage } from "./storage/sqlite.ts";
import { testStrand } from "./testing/strand.ts";
import { sealWitness, signLogHead } from "@helix/core/wire";

const T0 = 1_780_000_000_000;

function relay(overrides: Partial<RelayDeps> = {}) {
  const clock = {
    t: T0,
    now() {
      return this.t;
    },
  };
  const lines: Record<string, unknown>[] = [];
  const storage = openSqliteStorage(":memory:");
  const app = createRelayApp({ storage, clock, log: (line) => lines.push(line), ...overrides });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(`http://relay${path}`, init);
  return { app, clock, lines, storage, request, [Symbol.dispose]: () => storage.close() };
}

Deno.test("rendezvous blobs live ten minutes and are at most 64 KiB", async () => {
  using r = relay();
  const put = await r.request("/v1/rendezvous/abcdEFGH12/hello", { method: "PUT", body: "hi" });
  equal(put.status, 201);
  deepEqual(await put.json(), { ttl: 600 });
  r.clock.t = T0 + 10 * 60_000 - 1;
  equal(await (await r.request("/v1/rendezvous/abcdEFGH12/hello")).text(), "hi");
  equal((await r.request("/v1/rendezvous/abcdEFGH12/welcome")).status, 404);
  r.clock.t = T0 + 10 * 60_000;
  const gone = await r.request("/v1/rendezvous/abcdEFGH12/hello");
  equal(gone.status, 404);
  equal((await gone.json()).error.code, "not_found");

  const full = new Uint8Array(64 * 1024).fill(7);
  equal(
    (await r.request("/v1/rendezvous/abcdEFGH12/hello", { method: "PUT", body: full })).status,
    201,
  );
  const over = await r.request("/v1/rendezvous/abcdEFGH12/hello", {
    method: "PUT",
    body: new Uint8Array(64 * 1024 + 1),
  });
  equal(over.status, 413);
  const body = await over.json();
  equal(body.error.code, "too_large");
  match(body.error.message, /65536-byte limit \(64 KiB\)/);
  equal((await r.request("/v1/rendezvous/short/hello", { method: "PUT", body: "x" })).status, 400);
});

Deno.test("an expired rendezvous blob is swept from storage by a later write", async () => {
  using r = relay();
  await r.request("/v1/rendezvous/first-id-1/hello", { method: "PUT", body: "a" });
  r.clock.t = T0 + 11 * 60_000;
  await r.request("/v1/rendezvous/second-id2/hello", { method: "PUT", body: "b" });
  equal(await r.storage.expireRendezvous(r.clock.t), 0, "the first blob was already swept");
});

Deno.test("the per-IP bucket answers 429 with retry-after, and refills with time", async () => {
  using r = relay({ limits: { ipRate: { perSecond: 2, burst: 3 } } });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await r.request("/v1/rendezvous/abcdefgh/x")).status);
  deepEqual(statuses, [404, 404, 404, 429]);
  const limited = await r.request("/v1/rendezvous/abcdefgh/x");
  equal(limited.headers.get("retry-after"), "1");
  const body = await limited.json();
  equal(body.error.code, "rate_limited");
  equal(body.retry_after, 1);
  equal((await r.request("/healthz")).status, 200, "health checks are not limited");
  r.clock.t += 500;
  equal((await r.request("/v1/rendezvous/abcdefgh/x")).status, 404);
  equal((await r.request("/v1/rendezvous/abcdefgh/x")).status, 429);
});

Deno.test("the per-strand bucket limits one strand whatever the address", async () => {
  using r = relay({
    limits: { strandRate: { perSecond: 1, burst: 2 } },
    clientIpHeader: "fly-client-ip",
  });
  const strand = await testStrand();
  const from = (ip: string) => ({ headers: { "fly-client-ip": ip } });
  const path = `/v1/strands/${strand.strandId}/roster`;
  equal((await r.request(path, from("10.0.0.1"))).status, 404);
  equal((await r.request(path, from("10.0.0.2"))).status, 404);
  const limited = await r.request(path, from("10.0.0.3"));
  equal(limited.status, 429);
  match((await limited.json()).error.message, /this strand/);
  equal((await r.request(`/v1/strands/${"ab".repeat(16)}/roster`, from("10.0.0.3"))).status, 404);
});

Deno.test("the byte quota answers 507 and still accepts a known delta", async () => {
  const strand = await testStrand();
  const [first, second] = [strand.delta(1), strand.delta(2)];
  const quota = first.length + second.length;
  using r = relay({ limits: { quotaBytes: quota } });
  equal(
    (await r.request(`/v1/strands/${strand.strandId}`, { method: "PUT", body: strand.genesis }))
      .status,
    201,
  );
  const push = (bytes: Uint8Array<ArrayBuffer>) =>
    r.request(`/v1/strands/${strand.strandId}/deltas`, { method: "POST", body: bytes });
  equal((await push(first)).status, 201);
  equal((await push(second)).status, 201);
  const over = await push(strand.delta(3));
  equal(over.status, 507);
  const body = await over.json();
  equal(body.error.code, "quota");
  equal(body.quota, quota);
  deepEqual(await (await push(first)).json(), { seq: 1, duplicate: true });
});

Deno.test("logs name the method, route pattern, status and time, never a payload or an id", async () => {
  using r = relay();
  const strand = await testStrand();
  await r.request(`/v1/strands/${strand.strandId}`, { method: "PUT", body: strand.genesis });
  await r.request(`/v1/strands/${strand.strandId}/deltas`, {
    method: "POST",
    body: strand.delta(1),
  });
  await r.request("/v1/rendezvous/secret-rendezvous-id/hello", {
    method: "PUT",
    body: "canary-payload",
  });
  const text = JSON.stringify(r.lines);
  ok(!text.includes(strand.strandId), "no strand id");
  ok(!text.includes("secret-rendezvous-id"), "no rendezvous id");
  ok(!text.includes("canary"), "no payload");
  deepEqual(Object.keys(r.lines[0]!).sort(), ["method", "ms", "route", "status"]);
  deepEqual(r.lines.map((line) => line.route), [
    "/v1/strands/:strand",
    "/v1/strands/:strand/deltas",
    "/v1/rendezvous/:id/:slot",
  ]);
});

Deno.test("an unknown route is a typed 404", async () => {
  using r = relay();
  const response = await r.request("/v2/anything");
  equal(response.status, 404);
  equal((await response.json()).error.code, "not_found");
});

Deno.test("witness statements: only well-formed ones are kept, 30 days after their last update", async () => {
  using r = relay();
  const id = "ab".repeat(32);
  const slot = "cd".repeat(16);
  const head = signLogHead(
    { strandId: "ef".repeat(16), size: 3, root: new Uint8Array(32) },
    new Uint8Array(32).fill(1),
  );
  const statement = sealWitness("12".repeat(16), head, new Uint8Array(32).fill(2));
  const put = (path: string, body: Uint8Array) =>
    r.request(path, { method: "PUT", body: body as BodyInit });
  equal((await put(`/v1/witness/${id}/${slot}`, new Uint8Array(10))).status, 400);
  equal((await put(`/v1/witness/${id}/${slot}`, new Uint8Array(4096))).status, 413);
  equal((await put(`/v1/witness/short/${slot}`, statement)).status, 400);
  equal((await put(`/v1/witness/${id}/${slot}`, statement)).status, 201);
  const got = await r.request(`/v1/witness/${id}/${slot}`);
  deepEqual(new Uint8Array(await got.arrayBuffer()), statement);
  equal((await r.request(`/v1/witness/${id}/${"00".repeat(16)}`)).status, 404);
  r.clock.t = T0 + 30 * 24 * 3_600_000;
  equal((await r.request(`/v1/witness/${id}/${slot}`)).status, 404, "expired");
});
