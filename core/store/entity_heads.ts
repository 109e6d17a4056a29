/**
 * The heads of the strand's active entity memories (their first 64 characters, where their
 * names are), kept in memory per open store and brought up to date from the rows changed since
 * (`memories.rev`, as the vector index does), so a write that links mentions reads the few
 * rows that changed instead of every entity of its scopes. A purge or rebuild (the
 * `generation` counter) reloads them.
 *
 * They are also indexed by keys a caller derives from each head (the words an entity's names
 * start with, `extract/mention_links.ts`), so a write looks at the few entities whose names
 * could be in its text rather than every entity of its scopes (12,500 of them at 10^5
 * memories, a walk that grew with the strand).
 *
 * @module
 */
import type { MentionRow } from "./queries/mentions.ts";
import type { Store } from "./store.ts";

/** Characters of an entity memory's head kept (a name is at most 48). */
export const HEAD_CHARS = 64;

/**
 * The lookup keys of an entity's head (e.g. the first word of each of its names). Pass the
 * same function on every call: the index is rebuilt when it changes.
 */
export type HeadKeys = (head: string) => readonly string[];

interface Row {
  readonly rid: number;
  readonly rev: number;
  readonly id: string;
  readonly scope: string;
  readonly status: string;
  readonly type: string;
  readonly head: string;
}

/** The active entity memories' heads of one store. */
class EntityHeads {
  readonly #store: Pick<Store, "prepare">;
  #rev = -1;
  #generation = -1;
  /** By row id; in row id order unless `#unordered`. */
  #rows = new Map<number, MentionRow>();
  #unordered = false;
  /** The highest row id added since the rows were last loaded. */
  #newest = -1;
  #keysOf: HeadKeys | null = null;
  /** Row ids by key, and each indexed row's keys (to drop it from them). */
  readonly #byKey = new Map<string, Set<number>>();
  readonly #keysByRid = new Map<number, readonly string[]>();

  constructor(store: Pick<Store, "prepare">) {
    this.#store = store;
  }

  /** The heads of the active entities of `scopes` (every scope when "all"), oldest first. */
  inScopes(scopes: readonly string[] | "all"): MentionRow[] {
    this.#refresh();
    this.#order();
    const wanted = scopes === "all" ? null : new Set(scopes);
    const out: MentionRow[] = [];
    for (const row of this.#rows.values()) if (!wanted || wanted.has(row.scope)) out.push(row);
    return out;
  }

  /** The heads of the active entities of `scopes` with a key among `keys`, oldest first. */
  withKeys(
    scopes: readonly string[] | "all",
    keys: Iterable<string>,
    keysOf: HeadKeys,
  ): MentionRow[] {
    this.#refresh();
    if (keysOf !== this.#keysOf) this.#reindex(keysOf);
    const rids = new Set<number>();
    for (const key of keys) for (const rid of this.#byKey.get(key) ?? []) rids.add(rid);
    const wanted = scopes === "all" ? null : new Set(scopes);
    const out: MentionRow[] = [];
    for (const rid of [...rids].sort((a, b) => a - b)) {
      const row = this.#rows.get(rid)!;
      if (!wanted || wanted.has(row.scope)) out.push(row);
    }
    return out;
  }

  #refresh(): void {
    const store = this.#store;
    const generation = (store.prepare("SELECT value FROM counters WHERE name = 'generation'")
      .get() as { value: number }).value;
    const select = `SELECT rid, rev, id, scope, status, type,
        substr(content, 1, ${HEAD_CHARS}) AS head FROM memories`;
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#rows.clear();
      this.#unordered = false;
      this.#newest = -1;
      this.#byKey.clear();
      this.#keysByRid.clear();
      this.#rev = (store.prepare("SELECT max(rev) AS rev FROM memories").get() as {
        rev: number | null;
      }).rev ?? -1;
      const all = store.prepare(
        `${select} WHERE type = 'entity' AND status = 'active' AND rev <= ? ORDER BY rid`,
      ).iterate(this.#rev) as IterableIterator<Row>;
      for (const row of all) this.#apply(row);
    }
    const changed = store.prepare(`${select} WHERE rev > ? ORDER BY rev, rid`)
      .iterate(this.#rev) as IterableIterator<Row>;
    for (const row of changed) {
      this.#apply(row);
      this.#rev = row.rev;
    }
  }

  #apply(row: Row): void {
    this.#unindex(row.rid);
    if (row.type !== "entity" || row.status !== "active") {
      this.#rows.delete(row.rid);
      return;
    }
    // A row id below the newest one (a memory made active again) lands out of order.
    if (!this.#rows.has(row.rid) && row.rid < this.#newest) this.#unordered = true;
    this.#newest = Math.max(this.#newest, row.rid);
    const head = { id: row.id, scope: row.scope, content: row.head };
    this.#rows.set(row.rid, head);
    this.#index(row.rid, head.content);
  }

  #order(): void {
    if (!this.#unordered) return;
    this.#rows = new Map([...this.#rows].sort((a, b) => a[0] - b[0]));
    this.#unordered = false;
  }

  #index(rid: number, head: string): void {
    if (!this.#keysOf) return;
    const keys = [...new Set(this.#keysOf(head))];
    if (keys.length === 0) return;
    this.#keysByRid.set(rid, keys);
    for (const key of keys) {
      let rids = this.#byKey.get(key);
      if (!rids) this.#byKey.set(key, rids = new Set());
      rids.add(rid);
    }
  }

  #unindex(rid: number): void {
    for (const key of this.#keysByRid.get(rid) ?? []) {
      const rids = this.#byKey.get(key)!;
      rids.delete(rid);
      if (rids.size === 0) this.#byKey.delete(key);
    }
    this.#keysByRid.delete(rid);
  }

  #reindex(keysOf: HeadKeys): void {
    this.#keysOf = keysOf;
    this.#byKey.clear();
    this.#keysByRid.clear();
    for (const [rid, row] of this.#rows) this.#index(rid, row.content);
  }
}

const heads = new WeakMap<object, EntityHeads>();

function headsOf(store: Pick<Store, "prepare">): EntityHeads {
  let cache = heads.get(store);
  if (!cache) heads.set(store, cache = new EntityHeads(store));
  return cache;
}

/**
 * The heads of the active entity memories of `scopes` (every scope when "all"), oldest first
 * (by row id): `content` is each one's first {@linkcode HEAD_CHARS} characters.
 */
export function activeEntities(
  store: Pick<Store, "prepare">,
  scopes: readonly string[] | "all",
): MentionRow[] {
  return headsOf(store).inScopes(scopes);
}

/**
 * The active entities of `scopes` that {@linkcode activeEntities} returns, narrowed to those
 * with a key (from `keysOf`, over each head) among `keys`, in the same order.
 */
export function activeEntitiesWithKeys(
  store: Pick<Store, "prepare">,
  scopes: readonly string[] | "all",
  keys: Iterable<string>,
  keysOf: HeadKeys,
): MentionRow[] {
  return headsOf(store).withKeys(scopes, keys, keysOf);
}
