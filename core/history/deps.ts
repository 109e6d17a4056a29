/**
 * What `history/` needs from the engine: the tables and the log (to fold the state at a
 * point and to append a rollback), the clock (`now`, ages like `2h`), and the embedding
 * models (content a rollback restores is embedded again). Each function takes a `Pick` of
 * only what it uses; the engine's runtime satisfies it.
 *
 * @module
 */
import type { Embedding } from "../embed/policy.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock } from "../ports.ts";
import type { Store } from "../store/store.ts";

/** Everything a history operation may use. */
export interface HistoryDeps extends Embedding {
  /** The strand's tables. */
  readonly store: Store;
  /** The op log: the history itself. */
  readonly log: OpLog;
  /** The engine clock. */
  readonly clock: Clock;
}
