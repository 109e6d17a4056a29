/**
 * What a workspace is: the personal strand and the team strands this machine belongs to,
 * seen as one memory. Results say which strand each memory came from and, in a team strand,
 * which member wrote it.
 *
 * @module
 */
import type { Engine } from "../engine.ts";
import type { Teams } from "../config/teams.ts";
import type { ListInput } from "../model/queries.ts";
import type { Memory } from "../model/memory.ts";
import type { ContextPack, ContextPart } from "../recall/context_types.ts";
import type { SearchHit, SearchResult } from "../recall/search_types.ts";
import type { ContextInput, SearchInput } from "../model/queries.ts";
import type { ListResult } from "../memory/list.ts";

/** The personal strand's label. */
export const PERSONAL = "personal";

/** One strand of a workspace. */
export interface WorkspaceStrand {
  /** `personal`, or `team:<name>`. */
  readonly label: string;
  /** The team's name (null for the personal strand). */
  readonly team: string | null;
  /** Its engine, seen from the workspace's project and session. */
  readonly engine: Engine;
}

/** Where a memory came from: its strand and, in a team strand, the member who wrote it. */
export interface StrandLabel {
  /** `personal`, or `team:<name>`. */
  readonly strand: string;
  /** In a team strand: the member whose device wrote it ("you" for this machine's own). */
  readonly member?: string;
}

/** A memory with its {@linkcode StrandLabel} (labels are set only when there are teams). */
export type LabelledMemory = Memory & Partial<StrandLabel>;

/** A search hit with its {@linkcode StrandLabel} (set only when there are teams). */
export type LabelledHit = SearchHit & Partial<StrandLabel>;

/** A fused search: each strand's hits, fused by reciprocal rank, labelled. */
export interface WorkspaceSearchResult extends SearchResult {
  /** Best first, each strand's own order kept. */
  readonly hits: LabelledHit[];
}

/** A page of the fused listing, newest first. */
export interface WorkspaceListResult extends ListResult {
  /** Newest first across strands. */
  readonly items: readonly LabelledMemory[];
}

/** A context pack built from every strand read, its memories labelled. */
export interface WorkspaceContextPack extends ContextPack {
  /** The memories placed, in order, labelled. */
  readonly memories: readonly LabelledMemory[];
}

/**
 * The workspace: an {@linkcode Engine} over the personal strand whose reads, writes and edits
 * by id span the team strands too. Reads (search, context, list) read the personal strand and
 * the team strands the project maps to (no project or scope `all`: every one), fused; writes
 * go to the strand that holds their scope (a project `teams.json` shares with a team: the
 * team's strand; anything else: the personal one); get, patch, forget, relate, reinforce and
 * purge find a memory in whichever strand holds it. Everything else (history, sync, export,
 * doctor…) is the personal strand's.
 */
export interface Workspace extends Engine {
  /** The strands: the personal one first, then the teams in registry order. */
  readonly strands: readonly WorkspaceStrand[];
  /** The registry it was opened with. */
  readonly teams: Teams;
  /** Fused hybrid recall across the strands read. */
  search(input: SearchInput): Promise<WorkspaceSearchResult>;
  /** Fused listing, newest first. */
  list(input?: ListInput): WorkspaceListResult;
  /** One context pack from every strand read. */
  context(input: ContextInput, others?: readonly ContextPart[]): Promise<WorkspaceContextPack>;
  /** A memory by id from whichever strand holds it, labelled. Throws `not_found`. */
  get(id: string): LabelledMemory;
  /** The strand holding memory `id` (an active copy before a forgotten one). `not_found`. */
  strandOf(id: string): WorkspaceStrand;
  /** The strand a memory of `scope` is written to. */
  strandFor(scope: string): WorkspaceStrand;
  /** The workspace seen from another project and session. */
  withContext(context: { project?: string | null; session?: string | null }): Workspace;
}
