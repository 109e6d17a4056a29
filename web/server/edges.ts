/**
 * Linking and unlinking two memories from the memory page, each with its undo: an edge the
 * link created is removed, a reweighted one gets its weight back, an unlinked one is put back.
 * The undo handle names the edge and what to put back; the undo is itself an op.
 *
 * @module
 */
import { type Edge, type Engine, HelixError, type Relation, RELATIONS } from "@helix/core";

/** What an edge undo puts back: the edge as it was (null: it did not exist). */
export interface EdgeUndo {
  readonly edge: string;
  readonly from: string;
  readonly to: string;
  readonly relation: Relation;
  readonly weight: number | null;
}

const SOURCE = { origin: "user-asserted", agent: "helix-ui" } as const;

function relationOf(value: unknown): Relation {
  if (typeof value !== "string" || !(RELATIONS as readonly string[]).includes(value)) {
    throw new HelixError("invalid_input", `Cannot link: unknown relation "${String(value)}"`);
  }
  return value as Relation;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") {
    throw new HelixError("invalid_input", `Cannot link: name the ${what}`);
  }
  return value;
}

function find(engine: Engine, memory: string, id: string): Edge | undefined {
  return engine.edgesOf(memory).find((e) => e.id === id);
}

/** Links `from` to `to`; the undo removes the edge, or puts its old weight back. */
export function link(
  engine: Engine,
  body: Record<string, unknown>,
): { edge: Edge; undo: EdgeUndo } {
  const from = text(body.from, "memory to link from");
  const to = text(body.to, "memory to link to").trim();
  const relation = relationOf(body.relation);
  const before = engine.edgesOf(from).find((e) =>
    e.from === from && e.to === to && e.relation === relation
  );
  const edge = engine.relate({ from, to, relation, source: SOURCE });
  return { edge, undo: { edge: edge.id, from, to, relation, weight: before?.weight ?? null } };
}

/** Removes edge `edge` of memory `memory`; the undo puts it back as it was. */
export function unlink(
  engine: Engine,
  body: Record<string, unknown>,
): { undo: EdgeUndo } {
  const memory = text(body.memory, "memory");
  const id = text(body.edge, "link");
  const edge = find(engine, memory, id);
  if (!edge) throw new HelixError("not_found", `Cannot unlink: ${memory} has no link ${id}`);
  engine.unrelate(id);
  return {
    undo: { edge: id, from: edge.from, to: edge.to, relation: edge.relation, weight: edge.weight },
  };
}

/** Reverses a link or an unlink. */
export function undoEdge(engine: Engine, body: Record<string, unknown>): { undo: EdgeUndo } {
  const from = text(body.from, "memory to link from");
  const to = text(body.to, "memory to link to");
  const relation = relationOf(body.relation);
  const id = text(body.edge, "link");
  const current = find(engine, from, id);
  if (body.weight === null) {
    if (!current) throw new HelixError("conflict", "Cannot undo: the link is already gone");
    engine.unrelate(id);
    return { undo: { edge: id, from, to, relation, weight: current.weight } };
  }
  const weight = Number(body.weight);
  engine.relate({ from, to, relation, weight, source: SOURCE });
  return { undo: { edge: id, from, to, relation, weight: current?.weight ?? null } };
}
