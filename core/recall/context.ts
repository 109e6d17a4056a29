/**
 * The context pack an agent loads at the start of a session or a task switch: profile
 * (the scopes' profiles, then identity and preferences they do not summarise) first, then conventions and procedures, then what is relevant
 * to the query (or, without one, the most salient decisions, facts and recent episodes).
 * Packed greedily under a token budget counted with the real tokenizer; each section has a
 * quota whose unused part flows to the next. The same state, request and clock give the same
 * bytes, so prompt caches hit.
 *
 * @module
 */
import { salience } from "../model/salience.ts";
import type { Memory } from "../model/memory.ts";
import { MEMORY_TYPES, type MemoryType } from "../model/types.ts";
import { iso, type MemoryRecord, publicMemory } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { type Visibility, visibilitySql } from "../store/visibility.ts";
import { sha256Hex } from "../util/hash.ts";
import type { SearchResult } from "./search.ts";
import { tokenCounter, TOKENIZER } from "../text/tokens.ts";

/** The sections of a context pack, in order. */
export type ContextSection = "profile" | "conventions" | "relevant";

/** One memory placed in the pack. */
export interface ContextItem {
  readonly id: string;
  readonly section: ContextSection;
  readonly tokens: number;
}

/** A memory that did not fit. */
export interface ContextCut {
  readonly id: string;
  readonly section: ContextSection;
  readonly tokens: number;
  readonly reason: "over_budget";
}

/** A packed context block. */
export interface ContextPack {
  /** The block to put in the agent's context. */
  readonly text: string;
  /** Tokens of `text` (never more than the budget). */
  readonly tokens: number;
  /** The budget asked for. */
  readonly budgetTokens: number;
  /** Tokenizer the counts use. */
  readonly tokenizer: string;
  /** What went in, in order. */
  readonly items: readonly ContextItem[];
  /** What was left out for lack of room. */
  readonly cut: readonly ContextCut[];
  /** The memories placed, for callers that want their fields. */
  readonly memories: readonly Memory[];
  /** SHA-256 of `text`: equal hashes mean byte-identical packs. */
  readonly hash: string;
}

/** What {@linkcode buildContext} needs. */
export interface ContextDeps {
  readonly store: Store;
  /** Runs recall for the relevant section. */
  readonly search: (query: string, limit: number) => Promise<SearchResult>;
}

/** A resolved context request. */
export interface ContextRequest {
  readonly budgetTokens: number;
  readonly query?: string;
  readonly visibility: Visibility;
  /** Label for the header, e.g. `project:billing`. */
  readonly label: string;
}

const QUOTA: Readonly<Record<ContextSection, number>> = {
  profile: 0.25,
  conventions: 0.35,
  relevant: 0.4,
};
const TITLES: Readonly<Record<ContextSection, string>> = {
  profile: "Profile",
  conventions: "Conventions and procedures",
  relevant: "Relevant",
};
const SECTION_TYPES: Readonly<Record<Exclude<ContextSection, "relevant">, readonly MemoryType[]>> =
  {
    profile: ["identity", "preference"],
    conventions: ["convention", "procedure"],
  };
const SALIENT_TYPES: readonly MemoryType[] = [
  "project",
  "decision",
  "fact",
  "entity",
  "snippet",
  "episode",
];
const SECTION_LIMIT = 200;
const MIN_LINE_TOKENS = 8;
const MAX_CUT_REPORTED = 10;

/** Builds the pack. */
export async function buildContext(
  deps: ContextDeps,
  request: ContextRequest,
): Promise<ContextPack> {
  const count = await tokenCounter();
  const { budgetTokens, visibility } = request;
  const now = visibility.at;
  const header = `# Helix memory · ${request.label} · ${iso(now).slice(0, 10)}`;
  const lines: string[] = [header];
  let used = count(header);
  const items: ContextItem[] = [];
  const cut: ContextCut[] = [];
  const placed: MemoryRecord[] = [];
  const seen = new Set<string>();

  // A line costs at least ~8 tokens, so a section never needs more candidates than this.
  const room = (section: ContextSection) =>
    Math.min(SECTION_LIMIT, Math.ceil((QUOTA[section] * budgetTokens) / 8) + 8);
  const sections: Array<[ContextSection, MemoryRecord[]]> = [
    ["profile", profileSection(deps.store, visibility, now, room("profile"))],
    [
      "conventions",
      bySalience(
        deps.store,
        { ...visibility, types: SECTION_TYPES.conventions },
        now,
        room("conventions"),
      ),
    ],
  ];
  if (request.query?.trim()) {
    const result = await deps.search(request.query, 20);
    const ids = result.hits.map((h) => h.memory.id);
    const records = new Map(deps.store.memoriesById(ids).map((r) => [r.id, r]));
    sections.push(["relevant", ids.map((id) => records.get(id)!).filter(Boolean)]);
  } else {
    sections.push([
      "relevant",
      bySalience(deps.store, { ...visibility, types: SALIENT_TYPES }, now, room("relevant")),
    ]);
  }

  let allowance = 0;
  for (const [section, records] of sections) {
    allowance += QUOTA[section] * budgetTokens;
    const title = `\n## ${TITLES[section]}`;
    const titleTokens = count(title) + 1;
    let titled = false;
    let cutHere = 0;
    for (const record of records) {
      if (seen.has(record.id)) continue;
      const limit = Math.min(allowance, budgetTokens);
      if (limit - used < MIN_LINE_TOKENS) break; // nothing more fits in this section
      const line = renderLine(record);
      const tokens = count(line) + 1;
      const extra = titled ? 0 : titleTokens;
      if (used + extra + tokens > limit) {
        // Report the most salient memories that did not fit, not every candidate.
        if (cutHere++ < MAX_CUT_REPORTED) {
          cut.push({ id: record.id, section, tokens, reason: "over_budget" });
        }
        continue;
      }
      if (!titled) {
        lines.push(title);
        used += titleTokens;
        titled = true;
      }
      lines.push(line);
      used += tokens;
      seen.add(record.id);
      placed.push(record);
      items.push({ id: record.id, section, tokens });
    }
  }

  // Token counts of separate lines can differ slightly from the count of the joined text;
  // drop from the end until the whole block fits.
  let text = lines.join("\n");
  let tokens = count(text);
  while (tokens > budgetTokens && lines.length > 1) {
    const dropped = lines.pop()!;
    const item = items.at(-1);
    if (item && !dropped.startsWith("\n## ")) {
      items.pop();
      placed.pop();
      cut.push({ id: item.id, section: item.section, tokens: item.tokens, reason: "over_budget" });
    }
    text = lines.join("\n");
    tokens = count(text);
  }
  if (tokens > budgetTokens) {
    text = "";
    tokens = 0;
  }
  const provenance = deps.store.provenanceOf(placed.map((r) => r.id));
  return {
    text,
    tokens,
    budgetTokens,
    tokenizer: TOKENIZER,
    items,
    cut,
    memories: placed.map((r) => publicMemory(r, provenance.get(r.id) ?? [])),
    hash: sha256Hex(text),
  };
}

/**
 * The profile section: the scopes' profiles (the current focus first, then who the user is),
 * then the identity and preference memories a static profile does not already summarise.
 */
function profileSection(
  store: Store,
  visibility: Visibility,
  now: number,
  want: number,
): MemoryRecord[] {
  const profiles = bySalience(store, { ...visibility, types: ["profile"] }, now, want)
    .sort((a, b) => profileRank(a) - profileRank(b) || (a.id < b.id ? -1 : 1));
  const summarised = new Set(
    profiles.flatMap((p) =>
      p.attributes.profile === "static" && Array.isArray(p.attributes.grounding)
        ? p.attributes.grounding
        : []
    ),
  );
  const people = bySalience(store, { ...visibility, types: SECTION_TYPES.profile }, now, want)
    .filter((r) => !summarised.has(r.id));
  return [...profiles, ...people];
}

/** Dynamic profiles first, then static ones, then any other (hand-written) profile. */
function profileRank(record: MemoryRecord): number {
  const kind = record.attributes.profile;
  return (kind === "dynamic" ? 0 : kind === "static" ? 2 : 4) + (record.scope === "global" ? 1 : 0);
}

/**
 * Up to `want` visible memories of the given types, most salient first (importance × decay,
 * then confidence, then id). Candidates are the most important rows of each visible
 * (scope, status, type) — each read straight off the `memories_visible` index and merged by
 * importance inside SQLite — and the most recently recorded rows, so neither old pivotal facts
 * nor fresh episodes are missed.
 */
function bySalience(
  store: Store,
  visibility: Visibility,
  now: number,
  want: number,
): MemoryRecord[] {
  const filter = visibilitySql(visibility, "m");
  const scopes = visibility.scopes === "all" ? allScopes(store) : visibility.scopes;
  // One statement for any number of scopes: the (scope, status, type) triples come in as JSON
  // lists and each one's top rows come from a correlated subquery, so the SQL's shape depends
  // on the validity rule only. (One UNION ALL branch per triple broke past SQLite's 500 terms
  // of a compound SELECT, e.g. with scope "all" over 84 sessions.) Scope, status and type are
  // pinned per triple, so the subquery adds validity alone.
  const { types: _, ...rest } = visibility;
  const validity = visibilitySql({ ...rest, scopes: "all" }, "c");
  const important = store.prepare(
    `SELECT m.rid AS rid FROM json_each(?) s, json_each(?) st, json_each(?) ty, memories m
     WHERE m.rid IN (
       SELECT c.rid FROM memories c
       WHERE c.scope = s.value AND c.status = st.value AND c.type = ty.value AND ${validity.sql}
       ORDER BY c.importance DESC, c.rid LIMIT ?)
     ORDER BY m.importance DESC, m.rid LIMIT ?`,
  ).all(
    JSON.stringify([...new Set(scopes)]),
    JSON.stringify(visibility.statuses),
    JSON.stringify(visibility.types ?? MEMORY_TYPES),
    ...validity.params,
    want,
    want,
  ) as { rid: number }[];
  const recent = store.db.prepare(
    // Walk the recorded_at index backwards; sorting every visible row instead took 17 ms at 10^5.
    `SELECT m.rid AS rid FROM memories m INDEXED BY memories_recorded WHERE ${filter.sql}
     ORDER BY m.recorded_at DESC, m.id DESC LIMIT ?`,
  ).all(...filter.params, want) as { rid: number }[];
  const rids = new Set([...important, ...recent].map((row) => row.rid));
  return store.memoriesByRid([...rids])
    .map((record) => ({ record, salience: salience(record, now) }))
    .sort((a, b) =>
      b.salience - a.salience || b.record.confidence - a.record.confidence ||
      (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0)
    )
    .slice(0, want)
    .map((entry) => entry.record);
}

/** Every scope in use, read off the `memories_visible` index one scope at a time (skip scan). */
function allScopes(store: Store): string[] {
  const rows = store.prepare(
    `WITH RECURSIVE s(scope) AS (
       SELECT MIN(scope) FROM memories
       UNION ALL SELECT (SELECT MIN(scope) FROM memories WHERE scope > s.scope) FROM s
       WHERE s.scope IS NOT NULL)
     SELECT scope FROM s WHERE scope IS NOT NULL`,
  ).all() as { scope: string }[];
  return rows.map((r) => r.scope);
}

function renderLine(record: MemoryRecord): string {
  const when = record.type === "episode" && record.eventAt !== null
    ? ` (${iso(record.eventAt).slice(0, 10)})`
    : record.type === "decision"
    ? ` (since ${iso(record.validFrom).slice(0, 10)})`
    : "";
  const content = record.content.replace(/\s*\n\s*/g, " ").trim();
  return `- [${record.type}]${when} ${content} (${record.id})`;
}
