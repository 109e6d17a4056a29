/**
 * The heads of the strand's active entity memories (their first 64 characters, where their
 * names are), kept in memory per open store and brought up to date from the rows changed since
 * (`memories.rev`, as the vector index does), so a write that links mentions reads the few
 * rows that changed instead of every entity of its scopes. A purge or rebuild (the
 * `generation` counter) reloads them.
 *
 * @module
 */
import type { MentionRow } from "./queries/mentions.ts";
import type { Store } from "./store.ts";

/** Characters of an entity memory's head kept (a name is at most 48). */
export const HEAD_CHARS = 64;

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
  readonly #rows = new Map<number, MentionRow>();

  constructor(store: Pick<Store, "prepare">) {
    this.#store = store;
  }

  /** The heads of the active entities of `scopes` (every scope when "all"), oldest first. */
  inScopes(scopes: readonly string[] | "all"): MentionRow[] {
    this.#refresh();
    const wanted = scopes === "all" ? null : new Set(scopes);
    const out: MentionRow[] = [];
    for (const row of this.#rows.values()) if (!wanted || wanted.has(row.scope)) out.push(row);
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
    if (row.type === "entity" && row.status === "active") {
      this.#rows.set(row.rid, { id: row.id, scope: row.scope, content: row.head });
    } else {
      this.#rows.delete(row.rid);
    }
  }
}

const heads = new WeakMap<object, EntityHeads>();

/**
 * The heads of the active entity memories of `scopes` (every scope when "all"): `content` is
 * each one's first {@linkcode HEAD_CHARS} characters.
 */
export function activeEntities(
  store: Pick<Store, "prepare">,
  scopes: readonly string[] | "all",
): MentionRow[] {
  let cache = heads.get(store);
  if (!cache) heads.set(store, cache = new EntityHeads(store));
  return cache.inScopes(scopes);
}
