/**
 * The sections of a context pack and what may fill them, in order: the profile (the scopes'
 * profiles, then identity and preferences they do not summarise), conventions and
 * procedures, then what is relevant to the query (or, without one, the most salient
 * decisions, facts and recent episodes). Each section has a quota of the budget.
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { Visibility } from "../store/visibility.ts";
import type { ContextRequest, ContextSection } from "./context_types.ts";
import type { RecallDeps } from "./deps.ts";
import { bySalience } from "./salient.ts";

/** Each section's share of the budget; what one leaves unused flows to the next. */
export const QUOTA: Readonly<Record<ContextSection, number>> = {
  profile: 0.25,
  conventions: 0.35,
  relevant: 0.4,
};
/** Each section's heading. */
export const TITLES: Readonly<Record<ContextSection, string>> = {
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

/** Each section with its candidates, best first. */
export async function sectionCandidates(
  deps: Pick<RecallDeps, "store" | "search">,
  request: ContextRequest,
): Promise<Array<[ContextSection, MemoryRecord[]]>> {
  const { budgetTokens, visibility } = request;
  const now = visibility.at;
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
    // A pack shows what is current: an archived memory the exact channel fell back to is
    // left to an explicit search, where it is marked.
    const ids = result.hits.filter((h) => !h.explanation.archivedFallback).map((h) => h.memory.id);
    const records = new Map(deps.store.memoriesById(ids).map((r) => [r.id, r]));
    sections.push(["relevant", ids.map((id) => records.get(id)!).filter(Boolean)]);
  } else {
    sections.push([
      "relevant",
      bySalience(deps.store, { ...visibility, types: SALIENT_TYPES }, now, room("relevant")),
    ]);
  }
  return sections;
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
