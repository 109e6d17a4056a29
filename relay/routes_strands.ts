/**
 * Strand routes: create with a genesis entry, the roster (list, compare-and-swap append) and
 * the deltas (append, list after a cursor), framed `u64 seq ‖ u32 len ‖ bytes`.
 *
 * @module
 */
import { encodeFrames } from "@helix/core/wire";
import { Hono } from "hono";
import type { Context } from "hono";
import type { RelayDeps, RelayEnv } from "./app.ts";
import { readLimitedBody } from "./body.ts";
import { badRequest, RelayError } from "./errors.ts";
import type { RelayLimits } from "./limits.ts";
import type { VerifiableLog } from "./verifiable_log.ts";
import { withHead } from "./routes_log.ts";
import { compactedAnswer } from "./routes_compaction.ts";
import { dayOf, type RosterHead, type StoredItem } from "./storage/types.ts";
import {
  authorizeAppend,
  authorizeDelta,
  authorizeGenesis,
  readDelta,
  readEntry,
} from "./write_auth.ts";

const STRAND_ID = /^[0-9a-f]{32}$/;

function strandOf(c: Context<RelayEnv>): string {
  const strand = c.req.param("strand") ?? "";
  if (!STRAND_ID.test(strand)) throw badRequest("A strand id is 32 lowercase hex digits");
  return strand;
}

function cursor(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value > max) {
    throw badRequest(`${name} must be an integer from 0 to ${max}`);
  }
  return value;
}

function framed(c: Context<RelayEnv>, items: StoredItem[], after: number): Response {
  c.header("content-type", "application/octet-stream");
  c.header("x-helix-next", String(items.at(-1)?.seq ?? after));
  c.header("cache-control", "no-store");
  return c.body(encodeFrames(items).slice().buffer, 200);
}

function conflict(message: string, head: RosterHead): RelayError {
  return new RelayError(409, "conflict", message, { head_seq: head.seq });
}

/** The `/v1/strands` routes. */
export function strandRoutes(
  deps: RelayDeps & { limits: RelayLimits; verifiable: VerifiableLog },
): Hono<RelayEnv> {
  const { storage, clock, limits, verifiable } = deps;
  const routes = new Hono<RelayEnv>();
  const headOf = async (strand: string): Promise<RosterHead> => {
    const head = await storage.rosterHead(strand);
    if (!head) throw new RelayError(404, "not_found", "No such strand on this relay");
    return head;
  };
  const checkOperator = (c: Context<RelayEnv>) => {
    if (deps.operatorToken === undefined) return;
    const given = c.req.header("authorization");
    if (given === undefined) {
      throw new RelayError(401, "unauthorized", "Creating a strand here needs the operator token");
    }
    if (!timingSafeEqual(given, `Bearer ${deps.operatorToken}`)) {
      throw new RelayError(403, "unauthorized", "The operator token is not the relay's");
    }
  };

  routes.put("/:strand", async (c) => {
    const strand = strandOf(c);
    checkOperator(c);
    const bytes = await readLimitedBody(c.req.raw, limits.maxRosterBytes, "The genesis entry");
    const genesis = authorizeGenesis(bytes, strand, dayOf(clock.now()));
    if (await storage.createStrand(strand, genesis)) return c.json({ seq: 1 }, 201);
    const [first] = await storage.listRoster(strand, 0, { maxCount: 1, maxBytes: 1 });
    if (first && sameBytes(first.bytes, bytes)) return c.json({ seq: 1, duplicate: true }, 200);
    throw conflict("The strand exists", await headOf(strand));
  });

  routes.get("/:strand/roster", async (c) => {
    const strand = strandOf(c);
    const after = cursor(c.req.query("after"), "after", 0, Number.MAX_SAFE_INTEGER);
    await headOf(strand);
    const caps = { maxCount: limits.maxListCount, maxBytes: limits.maxListBytes };
    return framed(c, await storage.listRoster(strand, after, caps), after);
  });

  routes.post("/:strand/roster", async (c) => {
    const strand = strandOf(c);
    const bytes = await readLimitedBody(c.req.raw, limits.maxRosterBytes, "The roster entry");
    const outer = readEntry(bytes, strand);
    const head = await headOf(strand);
    if (outer.seq <= head.seq) {
      // A writer re-sending an entry that is already in (a crash before the answer): a no-op.
      const [stored] = await storage.listRoster(strand, outer.seq - 1, {
        maxCount: 1,
        maxBytes: 1,
      });
      if (stored?.seq === outer.seq && sameBytes(stored.bytes, bytes)) {
        return c.json({ seq: outer.seq, duplicate: true }, 200);
      }
    }
    if (outer.seq !== head.seq + 1 || outer.prev !== head.hash) {
      throw conflict(`The roster head is entry ${head.seq}; rebase on it`, head);
    }
    const record = authorizeAppend(bytes, outer, head, dayOf(clock.now()));
    const result = await storage.appendRoster(strand, outer.prev, record);
    if (result.kind === "conflict") {
      throw conflict(`The roster head is entry ${result.head.seq}; rebase on it`, result.head);
    }
    if (result.kind === "no_strand") throw new RelayError(404, "not_found", "No such strand");
    return c.json({ seq: result.seq }, 201);
  });

  routes.post("/:strand/deltas", async (c) => {
    const strand = strandOf(c);
    const bytes = await readLimitedBody(c.req.raw, limits.maxDeltaBytes, "The delta");
    const header = readDelta(bytes, strand);
    const head = await headOf(strand);
    // A known delta is a no-op whatever its epoch (R15): re-uploads after a crash succeed.
    const known = await storage.findDelta(strand, header.deltaId);
    if (known !== null) {
      withHead(c, await verifiable.head(strand));
      return c.json({ seq: known, duplicate: true }, 200);
    }
    await authorizeDelta(bytes, header, head);
    const result = await storage.appendDelta(
      strand,
      { deltaId: header.deltaId, epoch: header.epoch, bytes, day: dayOf(clock.now()) },
      limits.quotaBytes,
    );
    if (result.kind === "stored" || result.kind === "duplicate") {
      withHead(c, await verifiable.head(strand));
    }
    switch (result.kind) {
      case "stored":
        return c.json({ seq: result.seq, duplicate: false }, 201);
      case "duplicate":
        return c.json({ seq: result.seq, duplicate: true }, 200);
      case "quota":
        throw new RelayError(
          507,
          "quota",
          `The strand holds ${result.used} bytes; this delta would pass its ${limits.quotaBytes}-byte quota`,
          { quota: limits.quotaBytes },
        );
      case "stale_epoch":
        throw new RelayError(403, "unauthorized", `Epoch ${result.epoch} is current`, {
          epoch: result.epoch,
        });
      case "no_strand":
        throw new RelayError(404, "not_found", "No such strand on this relay");
    }
  });

  routes.get("/:strand/deltas", async (c) => {
    const strand = strandOf(c);
    const after = cursor(c.req.query("after"), "after", 0, Number.MAX_SAFE_INTEGER);
    const limit = cursor(c.req.query("limit"), "limit", 500, limits.maxListCount);
    await headOf(strand);
    // Never a silently short list: deltas dropped by compaction answer 410 `compacted`.
    const compacted = await compactedAnswer(storage, strand, after);
    if (compacted !== null) throw compacted;
    const caps = { maxCount: Math.max(1, limit), maxBytes: limits.maxListBytes };
    const items = await storage.listDeltas(strand, after, caps);
    // Read after the list: the head covers every listed delta (the log only grows).
    withHead(c, await verifiable.head(strand));
    return framed(c, items, after);
  });

  return routes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function timingSafeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
