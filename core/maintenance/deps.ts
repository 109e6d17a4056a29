/**
 * What `maintenance/` needs from the engine: the tables and the log (to check them against
 * each other), the strand's identity and pins, and the strand file's path (its size on disk).
 * Each function takes a `Pick` of only what it uses; the engine's runtime satisfies it.
 *
 * @module
 */
import type { OpLog } from "../ops/log.ts";
import type { StrandMeta } from "../store/meta.ts";
import type { Store } from "../store/store.ts";

/** Everything maintenance may use. */
export interface MaintenanceDeps {
  /** The strand's tables. */
  readonly store: Store;
  /** The op log the tables are folded from. */
  readonly log: OpLog;
  /** The strand's id, schema version and embedding pin. */
  readonly meta: StrandMeta;
  /** The strand file, or `":memory:"`. */
  readonly path: string;
}
