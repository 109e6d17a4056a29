/**
 * What the sync capability needs: the strand's store and log, the clock, this device's keys,
 * and the merge of another device's ops, passed in by the facade rather than imported
 * (capabilities never import each other).
 *
 * @module
 */
import type { DeviceKey } from "../crypto/device_key.ts";
import type { ExchangeKey } from "../crypto/exchange_key.ts";
import type { MergeOptions, MergeReport } from "../ops/merge.ts";
import type { Op } from "../ops/kinds.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock } from "../ports.ts";
import type { Store } from "../store/store.ts";

/** This device's keys: the Ed25519 signing key and the X25519 key bundles are wrapped for. */
export interface SyncKeys {
  /** The Ed25519 key: signs changes and roster entries; its fingerprint is the device id. */
  readonly device: DeviceKey;
  /** The X25519 key: opens the key bundle stanzas wrapped for this device. */
  readonly exchange: ExchangeKey;
}

/** Everything sync works with. */
export interface SyncDeps {
  readonly store: Store;
  readonly log: OpLog;
  readonly clock: Clock;
  /** This device's keys, or null when the process was opened without them. */
  readonly keys: SyncKeys | null;
  /** Merges received ops (the transfer capability's `mergeOps`). */
  readonly mergeOps: (ops: readonly Op[], options?: MergeOptions) => MergeReport;
}
