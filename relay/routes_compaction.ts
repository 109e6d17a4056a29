/**
 * Compaction routes (R28, `docs/teams.md`): an admin's device puts a GC marker
 * (`@helix/core/wire` `parseGcMarker`); the relay checks what it can see (the strand, the epoch
 * in force and `wsig` under its write key as for a delta (R14), the roster head it names being
 * the one stored, the snapshot it names being the strand's latest and covering its position),
 * keeps it and drops the bytes of the deltas at or before that position, keeping their ids and
 * log leaves. Whether the signer is an admin is inside the encrypted roster: every client
 * checks that before it believes a compaction (`core/sync/compaction_check.ts`). Anyone reads
 * the marker, so a client told `compacted` can check it.
 *
 * | request                               | answer                                                |
 * | ------------------------------------- | ----------------------------------------------------- |
 * | `PUT /v1/strands/:strand/gc-marker`   | 200 `{position, dropped, freed}`; 409 roster, snapshot |
 * | `GET /v1/strands/:strand/gc-marker`   | the marker's bytes; 404 when never compacted          |
 *
 * @module
 */
import { type GcMarker, parseGcMarker, verifyGcMarkerWriteAsync } from "@helix/core/wire";
import { Hono } from "hono";
import type { Context } from "hono";
import type { RelayDeps, RelayEnv } from "./app.ts";
import { readLimitedBody } from "./body.ts";
import { asRelayError, badRequest, RelayError } from "./errors.ts";
import type { RelayStorage } from "./storage/types.ts";

const STRAND_ID = /^[0-9a-f]{32}$/;
/** Bytes a marker body may have (it has 245). */
const MAX_MARKER_BYTES = 1024;

function strandOf(c: Context<RelayEnv>): string {
  const strand = c.req.param("strand") ?? "";
  if (!STRAND_ID.test(strand)) throw badRequest("A strand id is 32 lowercase hex digits");
  return strand;
}

const forbidden = (message: string, extra: Record<string, unknown> = {}) =>
  new RelayError(403, "unauthorized", message, extra);
const noStrand = () => new RelayError(404, "not_found", "No such strand on this relay");

/**
 * The typed answer to a pull after `after` on a strand compacted past it: 410 `compacted`,
 * naming the position the marker covers and the latest snapshot to start from. Null when the
 * deltas after `after` are all there.
 */
export async function compactedAnswer(
  storage: RelayStorage,
  strand: string,
  after: number,
): Promise<RelayError | null> {
  const marker = await storage.gcMarker(strand);
  if (marker === null || after >= marker.position) return null;
  const snapshot = await storage.snapshotHead(strand);
  return new RelayError(
    410,
    "compacted",
    `The deltas through ${marker.position} were compacted into a snapshot; start from it, then pull after its position`,
    { position: marker.position, snapshot },
  );
}

async function checkMarker(
  storage: RelayStorage,
  strand: string,
  marker: GcMarker,
  bytes: Uint8Array,
) {
  if (marker.strandId !== strand) throw badRequest("The marker names another strand than the URL");
  const head = await storage.rosterHead(strand);
  if (head === null) throw noStrand();
  if (marker.epoch !== head.epoch) {
    throw forbidden(
      `The marker is signed under epoch ${marker.epoch}; epoch ${head.epoch} is current`,
      { epoch: head.epoch },
    );
  }
  if (!(await verifyGcMarkerWriteAsync(bytes, head.wpk))) {
    throw forbidden(`The marker's write signature does not verify under epoch ${head.epoch}'s key`);
  }
  if (marker.rosterSeq !== head.seq || marker.rosterHead !== head.hash) {
    throw new RelayError(
      409,
      "conflict",
      `The marker names roster entry ${marker.rosterSeq}; the roster head is entry ${head.seq} (make it again)`,
      { head_seq: head.seq },
    );
  }
  const snapshot = await storage.snapshotHead(strand);
  if (snapshot === null || snapshot.upload !== marker.upload) {
    throw new RelayError(
      409,
      "conflict",
      "The marker names another snapshot than the strand's latest (make it again)",
      { snapshot },
    );
  }
  if (snapshot.position !== marker.position) {
    throw badRequest(
      `The marker covers position ${marker.position}; its snapshot covers ${snapshot.position}`,
    );
  }
}

/** The compaction routes under `/v1/strands`. */
export function compactionRoutes(deps: RelayDeps): Hono<RelayEnv> {
  const { storage } = deps;
  const routes = new Hono<RelayEnv>();

  routes.put("/:strand/gc-marker", async (c) => {
    const strand = strandOf(c);
    const bytes = await readLimitedBody(c.req.raw, MAX_MARKER_BYTES, "The GC marker");
    let marker: GcMarker;
    try {
      marker = parseGcMarker(bytes);
    } catch (error) {
      throw asRelayError(error, "Cannot accept the GC marker");
    }
    await checkMarker(storage, strand, marker, bytes);
    const result = await storage.compact(strand, { position: marker.position, marker: bytes });
    if (result.kind === "no_strand") throw noStrand();
    if (result.kind === "behind") {
      throw new RelayError(
        409,
        "conflict",
        `A marker covering position ${result.position} is in force already`,
        { position: result.position },
      );
    }
    return c.json({ position: result.position, dropped: result.dropped, freed: result.freed }, 200);
  });

  routes.get("/:strand/gc-marker", async (c) => {
    const strand = strandOf(c);
    const record = await storage.gcMarker(strand);
    if (record === null) throw new RelayError(404, "not_found", "This strand was never compacted");
    c.header("content-type", "application/octet-stream");
    c.header("cache-control", "no-store");
    c.header("x-helix-position", String(record.position));
    return c.body(record.marker.slice().buffer, 200);
  });

  return routes;
}
