/**
 * Snapshot routes (R28, `docs/teams.md`): a member uploads a snapshot part by part, each
 * checked like a delta (the strand, the epoch in force, `wsig` under its write key, R14); when
 * every part of an upload is in, it becomes the strand's latest snapshot (unless one covering a
 * later log position is). A joining device reads the latest snapshot's header fields, then its
 * parts.
 *
 * @module
 */
import { readSnapshotPartHeader, verifySnapshotWriteAsync } from "@helix/core/wire";
import { Hono } from "hono";
import type { Context } from "hono";
import type { RelayDeps, RelayEnv } from "./app.ts";
import { readLimitedBody } from "./body.ts";
import { asRelayError, badRequest, RelayError } from "./errors.ts";
import type { RelayLimits } from "./limits.ts";

const STRAND_ID = /^[0-9a-f]{32}$/;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

function params(c: Context<RelayEnv>): { strand: string; upload: string; part: number } {
  const strand = c.req.param("strand") ?? "";
  const upload = c.req.param("upload") ?? "";
  const part = c.req.param("part") ?? "";
  if (!STRAND_ID.test(strand)) throw badRequest("A strand id is 32 lowercase hex digits");
  if (!UPLOAD_ID.test(upload)) throw badRequest("An upload id is 32 lowercase hex digits");
  if (!/^\d{1,4}$/.test(part)) throw badRequest("A part is a number from 0");
  return { strand, upload, part: Number(part) };
}

const forbidden = (message: string, extra: Record<string, unknown> = {}) =>
  new RelayError(403, "unauthorized", message, extra);
const noStrand = () => new RelayError(404, "not_found", "No such strand on this relay");

/** The snapshot routes under `/v1/strands`. */
export function snapshotRoutes(deps: RelayDeps & { limits: RelayLimits }): Hono<RelayEnv> {
  const { storage, limits } = deps;
  const routes = new Hono<RelayEnv>();

  routes.put("/:strand/snapshots/:upload/:part", async (c) => {
    const { strand, upload, part } = params(c);
    const bytes = await readLimitedBody(c.req.raw, limits.maxDeltaBytes, "The snapshot part");
    let header;
    try {
      header = readSnapshotPartHeader(bytes);
    } catch (error) {
      throw asRelayError(error, "Cannot accept snapshot part");
    }
    if (header.strandId !== strand || header.upload !== upload || header.part !== part) {
      throw badRequest("The snapshot part names another strand, upload or part than the URL");
    }
    const head = await storage.rosterHead(strand);
    if (head === null) throw noStrand();
    if (header.epoch !== head.epoch) {
      throw forbidden(
        `The snapshot is sealed under epoch ${header.epoch}; epoch ${head.epoch} is current`,
        { epoch: head.epoch },
      );
    }
    if (!(await verifySnapshotWriteAsync(bytes, head.wpk))) {
      throw forbidden(`The part's write signature does not verify under epoch ${head.epoch}'s key`);
    }
    const size = (await storage.logSize(strand)) ?? 0;
    if (header.position > size) {
      throw badRequest(`The snapshot covers position ${header.position}; the log has ${size}`);
    }
    // One upload at a time besides the latest snapshot: a new one drops an unfinished one, so
    // the relay never holds more than two snapshots of a strand.
    if ((await storage.countSnapshotParts(strand, upload)) === 0) {
      const latest = await storage.snapshotHead(strand);
      await storage.dropSnapshotUploads(strand, latest ? [latest.upload, upload] : [upload]);
    }
    if (!(await storage.putSnapshotPart(strand, upload, part, bytes))) throw noStrand();
    const stored = await storage.countSnapshotParts(strand, upload);
    if (stored < header.parts) return c.json({ part, parts: header.parts, complete: false }, 201);
    const latest = await storage.setSnapshotHead(strand, {
      upload,
      parts: header.parts,
      position: header.position,
      epoch: header.epoch,
    });
    return c.json(
      { part, parts: header.parts, complete: true, latest: latest.upload === upload },
      201,
    );
  });

  routes.get("/:strand/snapshot", async (c) => {
    const strand = c.req.param("strand");
    if (!STRAND_ID.test(strand)) throw badRequest("A strand id is 32 lowercase hex digits");
    const head = await storage.snapshotHead(strand);
    if (head === null) throw new RelayError(404, "not_found", "This strand has no snapshot");
    c.header("cache-control", "no-store");
    return c.json(head, 200);
  });

  routes.get("/:strand/snapshots/:upload/:part", async (c) => {
    const { strand, upload, part } = params(c);
    const bytes = await storage.snapshotPart(strand, upload, part);
    if (bytes === null) throw new RelayError(404, "not_found", "No such snapshot part");
    c.header("content-type", "application/octet-stream");
    c.header("cache-control", "no-store");
    return c.body(bytes.slice().buffer, 200);
  });

  return routes;
}
