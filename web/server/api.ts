/**
 * The JSON routes of `helix ui` (docs/ui.md, "The JSON API"): each is one or two engine calls
 * and the shape a page draws. The gate has run before any of them.
 *
 * @module
 */
import {
  decayFactor,
  type Engine,
  HelixError,
  type JsonValue,
  MEMORY_TYPES,
  type MemoryType,
  type PatchInput,
  RELATIONS,
  salience,
  type SearchInput,
  type Status,
  STATUSES,
} from "@helix/core";
import { openConflicts } from "./conflicts.ts";
import { link, undoEdge, unlink } from "./edges.ts";
import { healthCounts, healthNow } from "./health.ts";
import { newestChange, undoChange, undoHandle } from "./undo.ts";
import { type Version, versionsOf } from "./versions.ts";

/** A route's answer before headers are added. */
export type Reply = { readonly status: number; readonly body: unknown };

const ok = (body: unknown): Reply => ({ status: 200, body });

function scopeOf(value: string | null): "all" | string {
  return value === null || value === "" || value === "all" ? "all" : value;
}

function typesOf(value: string | null): MemoryType[] | undefined {
  if (!value) return undefined;
  if (!(MEMORY_TYPES as readonly string[]).includes(value)) {
    throw new HelixError("invalid_input", `Cannot filter: unknown type "${value}"`);
  }
  return [value as MemoryType];
}

function statusOf(value: string | null): Status | "any" | null {
  if (!value) return null;
  if (value === "any") return "any";
  if (!(STATUSES as readonly string[]).includes(value)) {
    throw new HelixError("invalid_input", `Cannot filter: unknown status "${value}"`);
  }
  return value as Status;
}

function limitOf(value: string | null, fallback: number, max: number): number {
  const n = value === null ? fallback : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** `GET /api/search`: hits with their explanations, filtered by scope, type, status and as-of. */
async function search(engine: Engine, params: URLSearchParams): Promise<Reply> {
  const query = (params.get("q") ?? "").trim();
  if (query === "") return ok({ hits: [], channels: null });
  const status = statusOf(params.get("status"));
  const wants = (s: Status) => status === "any" || status === s;
  const asOf = params.get("asOf");
  const limit = limitOf(params.get("limit"), 20, 100);
  // Recall has no "only this status": it widens to it, and the hits are filtered here, so it
  // is asked for more than the page shows (active memories would crowd the rest out).
  const only = status !== null && status !== "any" && status !== "active";
  const input: SearchInput = {
    query,
    limit: only ? 100 : limit,
    scope: scopeOf(params.get("scope")),
    types: typesOf(params.get("type")),
    includeArchived: wants("archived"),
    includeSuperseded: wants("superseded"),
    includeForgotten: wants("forgotten"),
    includeQuarantined: wants("quarantined"),
    includeExpired: status === "any",
    ...(asOf ? { asOf } : {}),
  };
  const result = await engine.search(input);
  // As of a date, "active" means live then: recall already shows what was valid at that time.
  const hits = status === null || status === "any" || (asOf && status === "active")
    ? result.hits
    : result.hits.filter((hit) => hit.memory.status === status).slice(0, limit);
  return ok({ ...result, hits });
}

/** What an as-of listing of "active" shows: what was live then, whatever became of it since. */
const LIVE_THEN: readonly Status[] = ["active", "superseded", "archived"];

/** `GET /api/memories`: one page of the list, optionally as the strand was at `asOf`. */
function list(engine: Engine, params: URLSearchParams): Reply {
  const status = statusOf(params.get("status"));
  const cursor = params.get("cursor");
  const asOf = params.get("asOf");
  const statuses = status === "any"
    ? [...STATUSES]
    : asOf && (status ?? "active") === "active"
    ? [...LIVE_THEN]
    : [status ?? "active"];
  return ok(engine.list({
    scope: scopeOf(params.get("scope")),
    types: typesOf(params.get("type")),
    statuses,
    limit: limitOf(params.get("limit"), 25, 200),
    ...(cursor ? { cursor } : {}),
    ...(asOf ? { asOf } : {}),
  }));
}

/** `GET /api/memories/:id`: the memory, its edges with the other end, its ops and versions. */
function memory(engine: Engine, id: string): Reply {
  const memory = engine.get(id);
  const edges = engine.edgesOf(id).map((edge) => {
    const otherId = edge.from === id ? edge.to : edge.from;
    let other: { id: string; content: string; status: string } | null = null;
    try {
      const m = engine.get(otherId);
      other = { id: m.id, content: m.content, status: m.status };
    } catch {
      other = null;
    }
    return { edge, direction: edge.from === id ? "out" : "in", other };
  });
  const history = engine.history({ id, limit: 500 });
  const versions: Version[] = versionsOf(history);
  const fields = {
    halfLifeMs: memory.halfLifeDays === null ? null : memory.halfLifeDays * 86_400_000,
    lastAccessAt: Date.parse(memory.lastAccessAt),
    importance: memory.importance,
  };
  // Salience now and as it will fade without use: the small plot of the memory page.
  const now = Date.now();
  const fading = [0, 7, 30, 90, 180, 365].map((days) => ({
    days,
    salience: salience(fields, now + days * 86_400_000),
  }));
  return ok({
    memory,
    edges,
    history,
    versions,
    decay: decayFactor(fields, now),
    fading,
    now: new Date(now).toISOString(),
  });
}

/** The fields a page may change, taken one by one from the body. */
function patchOf(body: Record<string, unknown>): PatchInput {
  const patch: Record<string, unknown> = {};
  for (
    const field of [
      "content",
      "type",
      "scope",
      "status",
      "importance",
      "confidence",
      "attributes",
      "validFrom",
      "validTo",
      "eventAt",
      "eventEnd",
      "eventPhrase",
    ]
  ) {
    if (body[field] !== undefined) patch[field] = body[field];
  }
  if (Array.isArray(body.tags)) patch.tags = body.tags.map(String);
  if (Object.keys(patch).length === 0) {
    throw new HelixError("invalid_input", "Cannot edit: name at least one field to change");
  }
  return patch as PatchInput;
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.length > 1 << 20) throw new HelixError("invalid_input", "Cannot read: body too large");
  let value: unknown;
  try {
    value = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new HelixError("invalid_input", "Cannot read: the body is not JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new HelixError("invalid_input", "Cannot read: the body is not a JSON object");
  }
  return value as Record<string, unknown>;
}

/** Routes `request` (path under `/api/`). Throws HelixError for the handler to map. */
export async function apiRoute(
  engine: Engine,
  request: Request,
  path: string,
  params: URLSearchParams,
): Promise<Reply> {
  const get = request.method === "GET";
  const memoryPath = /^memories\/([^/]+)(\/forget)?$/.exec(path);
  if (get && path === "search") return await search(engine, params);
  if (get && path === "memories") return list(engine, params);
  if (get && memoryPath && !memoryPath[2]) {
    return memory(engine, decodeURIComponent(memoryPath[1]!));
  }
  if (get && path === "health") return ok(await healthNow(engine));
  if (get && path === "health/counts") return ok(healthCounts(engine));
  if (get && path === "conflicts") {
    return ok({ conflicts: openConflicts(engine, params.get("memory") ?? undefined) });
  }
  if (get && path === "flags") return ok({ flags: engine.flags({ scope: "all", limit: 500 }) });
  if (get && path === "vocabulary") {
    return ok({
      scopes: ["global", ...engine.resolveScope("global").projects],
      types: MEMORY_TYPES,
      statuses: STATUSES,
      relations: RELATIONS,
    });
  }
  if (get && path === "diff") {
    const from = params.get("from");
    if (!from) {
      throw new HelixError("invalid_input", "Cannot compare: name the point to compare from");
    }
    return ok(engine.diff(from, params.get("to") || "now"));
  }
  if (get && path === "history") {
    const since = params.get("since");
    const until = params.get("until");
    const kind = params.get("kind");
    const id = params.get("id");
    return ok({
      entries: engine.history({
        limit: limitOf(params.get("limit"), 50, 1000),
        ...(kind ? { kinds: [kind] } : {}),
        ...(since ? { since } : {}),
        ...(until ? { until } : {}),
        ...(id ? { id } : {}),
      }),
    });
  }
  if (request.method !== "POST") {
    return { status: 404, body: { error: { code: "not_found", message: `No route ${path}` } } };
  }
  const body = await readJson(request);
  if (memoryPath) {
    // Forget, or patch: the memory before it is what the undo puts back.
    const id = decodeURIComponent(memoryPath[1]!);
    const was = engine.get(id);
    const prior = newestChange(engine, id);
    if (memoryPath[2]) await engine.forget({ id });
    else await engine.patch(id, patchOf(body));
    return ok({ memory: engine.get(id), undo: undoHandle(engine, id, was, prior) });
  }
  if (path === "edges") return ok(link(engine, body));
  if (path === "edges/remove") return ok(unlink(engine, body));
  if (path === "undo" && typeof body.edge === "string") return ok(undoEdge(engine, body));
  if (path === "undo") {
    const id = String(body.id ?? "");
    const change = String(body.change ?? "");
    const was = engine.get(id);
    const prior = newestChange(engine, id);
    const restored = await undoChange(engine, id, change);
    return ok({ memory: restored, undo: undoHandle(engine, id, was, prior) });
  }
  if (path === "runs/undo") {
    const run = body.run;
    if (typeof run !== "string" || run === "") {
      throw new HelixError("invalid_input", "Cannot undo a run: name it");
    }
    return ok(engine.undoRun(run));
  }
  if (path === "rollback") {
    const point = body.point;
    if (typeof point !== "string" || point === "") {
      throw new HelixError("invalid_input", "Cannot roll back: name a point");
    }
    const report = await engine.rollback(point, { dryRun: body.dryRun === true });
    return ok(report as unknown as JsonValue);
  }
  return { status: 404, body: { error: { code: "not_found", message: `No route ${path}` } } };
}
