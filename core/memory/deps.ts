/**
 * What the memory capability needs from the facade: the tables and log, the clock, the
 * embedding model (a patched content is re-embedded), the reader's scopes, and recall (to
 * forget the best matches of a query), injected because capabilities never import each other.
 *
 * @module
 */
import type { Embedding } from "../embed/policy.ts";
import type { SearchInput } from "../model/queries.ts";
import type { ReaderScopes } from "../model/scope.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock } from "../ports.ts";
import type { Store } from "../store/store.ts";

/** Dependencies of the memory capability; each function takes a `Pick` of them. */
export interface MemoryDeps extends Embedding, ReaderScopes {
  readonly store: Store;
  readonly log: OpLog;
  readonly clock: Clock;
  /** Recall: the hits of a search, best first. */
  readonly search: (
    input: SearchInput,
  ) => Promise<{ readonly hits: readonly { readonly memory: { readonly id: string } }[] }>;
}
