/**
 * The log routes (R16): the relay's public key, and per strand its signed head and the
 * consistency and inclusion proofs a client checks against it. A proof answers the bytes of
 * `encodeLogProof` (`@helix/core/wire`); the signed head it proves to is in `x-helix-head`.
 *
 * | request                                                   | answer                                   |
 * | --------------------------------------------------------- | ---------------------------------------- |
 * | `GET /v1/relay-key`                                       | `{algorithm, public_key, fingerprint}`   |
 * | `GET /v1/strands/:strand/log/head`                        | `{size, root, head}` (+ `x-helix-head`)  |
 * | `GET /v1/strands/:strand/log/consistency?from=M[&to=N]`   | proof from size M to N (default: now)    |
 * | `GET /v1/strands/:strand/log/inclusion?seq=S[&size=N]`    | proof of delta S in the log of size N    |
 *
 * @module
 */
import { keyFingerprint, type KeyPair, LOG_HEAD_HEADER } from "@helix/core/wire";
import { Hono } from "hono";
import type { Context } from "hono";
import type { RelayEnv } from "./app.ts";
import { badRequest } from "./errors.ts";
import type { ServedHead, VerifiableLog } from "./verifiable_log.ts";

const STRAND_ID = /^[0-9a-f]{32}$/;

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function strandOf(c: Context<RelayEnv>): string {
  const strand = c.req.param("strand") ?? "";
  if (!STRAND_ID.test(strand)) throw badRequest("A strand id is 32 lowercase hex digits");
  return strand;
}

function count(c: Context<RelayEnv>, name: string, required: boolean): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined && !required) return undefined;
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    throw badRequest(`${name} must be a non-negative integer`);
  }
  return value;
}

/** Sets `x-helix-head` on the answer. */
export function withHead(c: Context<RelayEnv>, served: ServedHead): void {
  c.header(LOG_HEAD_HEADER, served.header);
  c.header("cache-control", "no-store");
}

function proofBody(c: Context<RelayEnv>, [proof, served]: [Uint8Array, ServedHead]): Response {
  withHead(c, served);
  c.header("content-type", "application/octet-stream");
  return c.body(proof.slice().buffer, 200);
}

/** `GET /v1/relay-key`: the key every head is signed with (pin it in the roster). */
export function relayKeyRoute(key: KeyPair): Hono<RelayEnv> {
  const routes = new Hono<RelayEnv>();
  const body = {
    algorithm: "ed25519",
    "public_key": hex(key.publicKey),
    fingerprint: keyFingerprint(key.publicKey),
  };
  routes.get("/", (c) => c.json(body));
  return routes;
}

/** The `/v1/strands/:strand/log/*` routes. */
export function logRoutes(log: VerifiableLog): Hono<RelayEnv> {
  const routes = new Hono<RelayEnv>();
  routes.get("/:strand/log/head", async (c) => {
    const served = await log.head(strandOf(c));
    withHead(c, served);
    return c.json({ size: served.head.size, root: hex(served.head.root), head: served.header });
  });
  routes.get("/:strand/log/consistency", async (c) => {
    const strand = strandOf(c);
    const from = count(c, "from", true)!;
    return proofBody(c, await log.consistency(strand, from, count(c, "to", false)));
  });
  routes.get("/:strand/log/inclusion", async (c) => {
    const strand = strandOf(c);
    const seq = count(c, "seq", true)!;
    if (seq < 1) throw badRequest("seq must be at least 1");
    return proofBody(c, await log.inclusion(strand, seq - 1, count(c, "size", false)));
  });
  return routes;
}
