/**
 * Writes routed by scope: a memory whose scope is a project `teams.json` shares with a team
 * is written to the team's strand, anything else (global, sessions, unshared projects) to the
 * personal one. A note is extracted where its default scope lives; candidates of another
 * strand's scope (a preference noted in a shared project is global) are written there.
 *
 * @module
 */
import type { Teams } from "../config/teams.ts";
import type { BulkWriteResult } from "../ingest/write.ts";
import type { NoteInput, NoteResult } from "../ingest/note_input.ts";
import type { WriteResult } from "../ingest/result.ts";
import type { WriteInput } from "../model/inputs.ts";
import type { BulkProgress } from "../ops/write_bulk.ts";
import { defaultScope } from "../ops/new_memory.ts";
import { locate } from "./by_id.ts";
import { labelsIn } from "./reads.ts";
import { strandFor } from "./route.ts";
import type { WorkspaceStrand } from "./types.ts";

/** What the writes need: the strands (personal first), the registry, the writer's project. */
export interface WriteDeps {
  readonly strands: readonly WorkspaceStrand[];
  readonly teams: Teams;
  readonly project: string | null;
}

/** The scope `input` is written to: its own, else the default for its type and project. */
export function scopeOfWrite(deps: Pick<WriteDeps, "project">, input: WriteInput): string {
  return input.scope ?? defaultScope(deps, input.type ?? "fact");
}

/** `result` with its memory labelled by `strand` (and member). */
function labelled(strand: WorkspaceStrand, result: WriteResult): WriteResult {
  const label = labelsIn(strand, [result.memory.id]).get(result.memory.id);
  return { ...result, memory: { ...result.memory, ...label } };
}

/**
 * Writes one memory through the write path of the strand its scope lives in, labelled. A
 * memory it supersedes in another strand (a personal memory replaced by a team convention) is
 * closed there as superseded (no edge can join two strands).
 */
export async function writeRouted(deps: WriteDeps, input: WriteInput): Promise<WriteResult> {
  const strand = strandFor(deps.strands, deps.teams, scopeOfWrite(deps, input));
  const elsewhere = (input.supersedes ?? []).map((id) => ({ id, at: locateOrNull(deps, id) }))
    .filter((old) => old.at !== null && old.at !== strand);
  if (elsewhere.length === 0) return labelled(strand, await strand.engine.write(input));
  const away = new Set(elsewhere.map((old) => old.id));
  const result = await strand.engine.write({
    ...input,
    supersedes: input.supersedes!.filter((id) => !away.has(id)),
  });
  for (const old of elsewhere) {
    await old.at!.engine.patch(old.id, {
      status: "superseded",
      validTo: result.memory.validFrom,
    });
  }
  return labelled(strand, {
    ...result,
    superseded: [...result.superseded, ...elsewhere.map((old) => old.id)],
  });
}

/** The strand holding memory `id`, or null when none does. */
function locateOrNull(deps: WriteDeps, id: string): WorkspaceStrand | null {
  try {
    return locate(deps.strands, id).strand;
  } catch {
    return null;
  }
}

/** Stores many memories, each in its scope's strand; ids come back in input order. */
export async function writeManyRouted(
  deps: WriteDeps,
  inputs: readonly WriteInput[],
  onProgress?: (p: BulkProgress) => void,
): Promise<BulkWriteResult> {
  const groups = new Map<WorkspaceStrand, number[]>();
  inputs.forEach((input, index) => {
    const strand = strandFor(deps.strands, deps.teams, scopeOfWrite(deps, input));
    groups.set(strand, [...groups.get(strand) ?? [], index]);
  });
  const ids: string[] = new Array(inputs.length);
  let embedded = 0;
  for (const [strand, indexes] of groups) {
    const result = await strand.engine.writeMany(indexes.map((i) => inputs[i]!), onProgress);
    result.ids.forEach((id, k) => ids[indexes[k]!] = id);
    embedded += result.embedded;
  }
  return { ids, embedded };
}

/**
 * Notes `input` in the strand of its default scope; candidates whose scope lives elsewhere
 * are written there, their results after the others.
 */
export async function noteRouted(deps: WriteDeps, input: NoteInput): Promise<NoteResult> {
  const home = strandFor(deps.strands, deps.teams, input.scope ?? defaultScope(deps, "fact"));
  const result = await home.engine.note(input, {
    keep: (scope) => strandFor(deps.strands, deps.teams, scope) === home,
  });
  const { passed = [], ...rest } = result;
  const written = result.written.map((w) => labelled(home, w));
  for (const write of passed) written.push(await writeRouted(deps, write));
  return { ...rest, written };
}
