/**
 * Moving a project's memories from the personal strand into a team strand, as ops on both
 * sides so history shows the move: each memory is created in the team strand as it was (its
 * fields, and its origin, id and strand in `attributes.movedFrom` and the source), then
 * soft-forgotten (not purged) in the personal strand. A rerun moves nothing twice: a memory
 * the team strand already holds a copy of is only forgotten, if it is not yet.
 *
 * @module
 */
import type { Engine } from "../engine.ts";
import type { WriteInput } from "../model/inputs.ts";
import type { Memory } from "../model/memory.ts";
import { PERSONAL } from "./types.ts";

/** What a move did. */
export interface MoveReport {
  /** The project scope moved (`project:<id>`). */
  readonly scope: string;
  /** Memories created in the team strand by this call. */
  readonly moved: number;
  /** Memories the team strand already held from an earlier move (only forgotten now). */
  readonly alreadyMoved: number;
  /** Originals forgotten in the personal strand by this call. */
  readonly forgotten: number;
}

/** Where a moved memory came from, as `attributes.movedFrom` records it. */
export interface MovedFrom {
  /** The strand it was in (`personal`). */
  readonly strand: string;
  /** Its id there. */
  readonly id: string;
  /** When it was recorded there. */
  readonly recordedAt: string;
}

const PAGE = 500;

/** Every memory of `scope` in `engine` with one of `statuses`. */
function allOf(engine: Engine, scope: string, statuses: Memory["status"][]): Memory[] {
  const out: Memory[] = [];
  let cursor: string | undefined;
  do {
    const page = engine.list({ scope, statuses, limit: PAGE, ...(cursor ? { cursor } : {}) });
    // A read of a project also sees global memories: keep the project's own.
    out.push(...page.items.filter((m) => m.scope === scope));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** `memory` as a write into another strand, its origin recorded. */
function movedWrite(memory: Memory): WriteInput {
  const movedFrom: MovedFrom = { strand: PERSONAL, id: memory.id, recordedAt: memory.recordedAt };
  const origin = memory.provenance[0]?.origin;
  return {
    content: memory.content,
    type: memory.type,
    scope: memory.scope,
    tags: memory.tags,
    importance: memory.importance,
    confidence: memory.confidence,
    validFrom: memory.validFrom,
    ...(memory.validTo !== null ? { validTo: memory.validTo } : {}),
    ...(memory.eventAt !== null ? { eventAt: memory.eventAt } : {}),
    ...(memory.eventEnd !== null ? { eventEnd: memory.eventEnd } : {}),
    ...(memory.eventPhrase !== null ? { eventPhrase: memory.eventPhrase } : {}),
    attributes: { ...memory.attributes, movedFrom: { ...movedFrom } },
    source: {
      ...(origin ? { origin } : {}),
      agent: "helix team share",
      ref: `${PERSONAL}:${memory.id}`,
    },
    status: memory.status === "quarantined" ? "quarantined" : "active",
  };
}

/**
 * Moves the memories of project scope `scope` (active and quarantined ones) from `personal`
 * into `team`; see the module doc.
 */
export async function moveProjectMemories(
  personal: Engine,
  team: Engine,
  scope: string,
): Promise<MoveReport> {
  const originals = allOf(personal, scope, ["active", "quarantined"]);
  const copies = new Set(
    allOf(team, scope, ["active", "quarantined", "archived", "superseded", "forgotten"])
      .map((m) => (m.attributes.movedFrom as Partial<MovedFrom> | undefined))
      .filter((from) => from?.strand === PERSONAL).map((from) => from!.id),
  );
  const toMove = originals.filter((m) => !copies.has(m.id));
  if (toMove.length) await team.writeMany(toMove.map(movedWrite));
  const forgotten = originals.length
    ? (await personal.forget({ ids: originals.map((m) => m.id) })).forgotten.length
    : 0;
  return {
    scope,
    moved: toMove.length,
    alreadyMoved: originals.length - toMove.length,
    forgotten,
  };
}
