/**
 * What `transfer/` needs from the engine: the tables and the log, the clock, the strand's
 * identity and embedding model (named in a `.dna` manifest), the models imported memories
 * are embedded with, and the writer's project (the default scope of an imported memory).
 * Each function takes a `Pick` of only what it uses; the engine's runtime satisfies it.
 *
 * @module
 */
import type { Embedding } from "../embed/policy.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock } from "../ports.ts";
import type { StrandMeta } from "../store/meta.ts";
import type { Store } from "../store/store.ts";

/** Everything a transfer may use. */
export interface TransferDeps extends Embedding {
  /** The strand's tables. */
  readonly store: Store;
  /** The op log, to read ops from and append or merge ops into. */
  readonly log: OpLog;
  /** The engine clock (a `.dna` file's creation time, merge arrival times). */
  readonly clock: Clock;
  /** The strand's id, schema version and embedding model. */
  readonly meta: StrandMeta;
  /** Project scope of the writer (`project:<id>`), if known. */
  readonly project: string | null;
}
