/**
 * Which `mentions` edges a memory calls for (issue 22, multi-hop): a memory that names an
 * entity memory of its scope or the global scope ("proxies /api/billing to billing-svc",
 * "ask Lena to review") links to it, and a new entity memory is linked from the memories that
 * already name it. The graph channel then reaches the entity from the memory a question found
 * (and back). Edges that exist, whatever their status, are not planned again: a link someone
 * removed stays removed. Names are read by `entity_names.ts`.
 *
 * @module
 */
import { edgeId } from "../model/ids.ts";
import type { Store } from "../store/store.ts";
import { existingEdgeIds, memoriesWithPhrase, type MentionRow } from "../store/queries/mentions.ts";
import { activeEntitiesWithKeys } from "../store/entity_heads.ts";
import { entityNames, mentionsName } from "./entity_names.ts";

/** Most entities one memory links to. */
export const MAX_MENTIONED = 8;
/** Most memories linked to one entity when it is written (the graph follows 50 per node). */
export const MAX_MENTIONING = 50;
/** Rows the phrase lookup reads per name before checking them against the text. */
const PHRASE_ROWS = 200;

/** A `mentions` edge to append: `from` names `to` as `name`. */
export interface MentionLink {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly name: string;
}

/** A memory as mention linking reads it. */
export interface Mentioner extends MentionRow {
  readonly type: string;
}

const link = (from: string, to: string, name: string): MentionLink => ({
  id: edgeId(from, "mentions", to),
  from,
  to,
  name,
});

/** Names by entity head, remembered (a write checks every entity of its scopes). */
const NAMES = new Map<string, string[]>();
const NAMES_KEPT = 20_000;

function namesOf(head: string): string[] {
  let names = NAMES.get(head);
  if (names) return names;
  names = entityNames(head);
  if (NAMES.size >= NAMES_KEPT) NAMES.delete(NAMES.keys().next().value!);
  NAMES.set(head, names);
  return names;
}

/** The key of names without a letter or digit: looked up for every memory. */
const ANY = "";

/**
 * The key an entity is looked up by for `name`: its first run of letters and digits,
 * lowercased ("auth-svc" → "auth", "Priya Raman" → "priya"). A text that mentions the name
 * (`mentionsName`: whole words, bounded by what is not a letter, digit, `_` or `-`) holds that
 * run as one of its own runs, so looking up the runs of a text finds every entity it may name.
 */
function nameKey(name: string): string {
  return name.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0] ?? ANY;
}

/** The keys of an entity's head: its names' keys (one function, so the index is built once). */
const headKeys = (head: string): string[] => namesOf(head).map(nameKey);

/** The keys a text may name entities by: its runs of letters and digits, lowercased. */
function textKeys(text: string): Set<string> {
  const keys = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  keys.add(ANY);
  return keys;
}

/** Whether a memory of scope `from` may link to an entity of scope `to`. */
const reaches = (from: string, to: string) => to === "global" || to === from;

/** The entities of `entities` that `memory` names, at most {@linkcode MAX_MENTIONED}. */
export function mentionedBy(memory: MentionRow, entities: readonly MentionRow[]): MentionLink[] {
  const out: MentionLink[] = [];
  const lower = memory.content.toLowerCase();
  for (const entity of entities) {
    if (entity.id === memory.id || !reaches(memory.scope, entity.scope)) continue;
    const name = namesOf(entity.content).find((n) =>
      lower.includes(n.toLowerCase()) && mentionsName(memory.content, n)
    );
    if (name) out.push(link(memory.id, entity.id, name));
    if (out.length >= MAX_MENTIONED) break;
  }
  return out;
}

/** The memories that name `entity`, at most {@linkcode MAX_MENTIONING}. */
export function mentioning(store: Pick<Store, "prepare">, entity: MentionRow): MentionLink[] {
  const out = new Map<string, MentionLink>();
  for (const name of namesOf(entity.content)) {
    for (const row of memoriesWithPhrase(store, name, PHRASE_ROWS)) {
      if (out.size >= MAX_MENTIONING) break;
      if (row.id === entity.id || out.has(row.id) || !reaches(row.scope, entity.scope)) continue;
      if (mentionsName(row.content, name)) out.set(row.id, link(row.id, entity.id, name));
    }
  }
  return [...out.values()];
}

/**
 * The `mentions` edges a memory being written calls for, none of which exists yet: to the
 * entities it names and, for an entity, from the memories that name it.
 */
export function mentionLinks(store: Pick<Store, "prepare">, memory: Mentioner): MentionLink[] {
  const scopes = memory.scope === "global" ? ["global"] : [memory.scope, "global"];
  const links = [
    // Only the entities a name of which starts with a word of the memory: the same links as
    // checking every entity of its scopes, without walking them all.
    ...mentionedBy(
      memory,
      activeEntitiesWithKeys(store, scopes, textKeys(memory.content), headKeys),
    ),
    ...(memory.type === "entity" ? mentioning(store, memory) : []),
  ];
  const existing = existingEdgeIds(store, links.map((l) => l.id));
  return links.filter((l, i) => !existing.has(l.id) && links.findIndex((o) => o.id === l.id) === i);
}
