/**
 * The relay as a Hono app (`docs/sync.md`, "Relay HTTP surface"): `createRelayApp(deps)` wires
 * the routes over a bytes-only {@linkcode RelayStorage}, the limits (R11, R17), write
 * authorization (R14), typed JSON errors and a log that never holds a payload, a strand id or
 * an IP: only method, route pattern, status and duration.
 *
 * @module
 */
import { ephemeralRelayKey, type KeyPair } from "@helix/core/wire";
import { Hono } from "hono";
import { errorBody, RelayError } from "./errors.ts";
import { createRateLimiter, DEFAULT_LIMITS, type RelayLimits } from "./limits.ts";
import { createVerifiableLog } from "./verifiable_log.ts";
import { logRoutes, relayKeyRoute } from "./routes_log.ts";
import { rendezvousRoutes } from "./routes_rendezvous.ts";
import { witnessRoutes } from "./routes_witness.ts";
import { strandRoutes } from "./routes_strands.ts";
import { snapshotRoutes } from "./routes_snapshots.ts";
import { compactionRoutes } from "./routes_compaction.ts";
import type { RelayStorage } from "./storage/types.ts";

/** The relay's version, answered by `/healthz`. */
export const RELAY_VERSION = "1";

/** One log line: small fields only, never a payload. */
export type RelayLog = (line: Readonly<Record<string, string | number>>) => void;

/** What the relay runs on. */
export interface RelayDeps {
  readonly storage: RelayStorage;
  /** Time for rate limits, rendezvous expiry and received days. */
  readonly clock: { now(): number };
  /** Overrides of {@linkcode DEFAULT_LIMITS}. */
  readonly limits?: Partial<RelayLimits>;
  /** When set, creating a strand needs `Authorization: Bearer <token>` (R14). */
  readonly operatorToken?: string | undefined;
  readonly log?: RelayLog;
  /**
   * A header that carries the client IP set by a trusted proxy (e.g. `fly-client-ip`); without
   * it the connection's address counts.
   */
  readonly clientIpHeader?: string | undefined;
  /**
   * The relay's Ed25519 key, which signs every log head (R16); `serveRelay` keeps it in the
   * data folder. Without one the app makes a key that lives as long as it does (tests).
   */
  readonly relayKey?: KeyPair;
}

/** The serving environment Hono passes on (Deno.serve's handler info). */
export type RelayEnv = { Bindings: { remoteAddr?: { hostname?: string } } };

/** The route pattern of a path, for logs (no strand or rendezvous id). */
function routeOf(path: string): string {
  return path
    .replace(/^\/v1\/strands\/[^/]+/, "/v1/strands/:strand")
    .replace(/^\/v1\/rendezvous\/[^/]+\/[^/]+$/, "/v1/rendezvous/:id/:slot");
}

/** The relay app. */
export function createRelayApp(deps: RelayDeps): Hono<RelayEnv> {
  const limits: RelayLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const log = deps.log ?? (() => {});
  const perIp = createRateLimiter(limits.ipRate, deps.clock);
  const perStrand = createRateLimiter(limits.strandRate, deps.clock);
  const app = new Hono<RelayEnv>();

  app.onError((error, c) => {
    const relayError = error instanceof RelayError
      ? error
      : new RelayError(500, "internal", "Internal error");
    if (relayError.status === 500) {
      log({ level: "error", route: routeOf(c.req.path), error: error.name });
    }
    for (const [name, value] of Object.entries(relayError.headers)) c.header(name, value);
    return c.json(errorBody(relayError), relayError.status);
  });
  app.notFound((c) => c.json(errorBody(new RelayError(404, "not_found", "No such route")), 404));

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    log({
      method: c.req.method,
      route: routeOf(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.get("/healthz", (c) => c.json({ ok: true, version: RELAY_VERSION }));

  app.use("/v1/*", async (c, next) => {
    const header = deps.clientIpHeader ? c.req.header(deps.clientIpHeader) : undefined;
    const ip = header?.split(",")[0]?.trim() || c.env?.remoteAddr?.hostname || "unknown";
    const admitted = perIp.take(ip);
    if (!admitted.ok) throw rateLimited(admitted.retryAfter, "this address");
    await next();
  });
  app.use("/v1/strands/*", async (c, next) => {
    const strand = c.req.path.split("/")[3] ?? "";
    const admitted = perStrand.take(strand);
    if (!admitted.ok) throw rateLimited(admitted.retryAfter, "this strand");
    await next();
  });

  const relayKey = deps.relayKey ?? ephemeralRelayKey();
  const verifiable = createVerifiableLog(deps.storage, relayKey);
  app.route("/v1/relay-key", relayKeyRoute(relayKey));
  app.route("/v1/strands", strandRoutes({ ...deps, limits, verifiable }));
  app.route("/v1/strands", logRoutes(verifiable));
  app.route("/v1/strands", snapshotRoutes({ ...deps, limits }));
  app.route("/v1/strands", compactionRoutes(deps));
  app.route("/v1/rendezvous", rendezvousRoutes({ ...deps, limits }));
  app.route("/v1/witness", witnessRoutes(deps));
  return app;
}

function rateLimited(retryAfter: number, whom: string): RelayError {
  return new RelayError(
    429,
    "rate_limited",
    `Too many requests from ${whom}; retry after ${retryAfter} s`,
    { retry_after: retryAfter },
    { "retry-after": String(retryAfter) },
  );
}
