/**
 * Two rosters served to two members (R7, R22, T8): the roster is not in the relay's Merkle
 * log, so a relay could show one member a roster whose entry n is one change and another
 * member a roster whose entry n is another, each verifying on its own. Every change cites the
 * roster head its author had applied; when a change signed by a roster device cites a head
 * that the roster this device is served does not hold, not even after asking the relay again,
 * the relay showed its author another roster: `FORK`.
 *
 * @module
 */
import { raiseAlarm } from "../store/queries/sync_log.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncDeps } from "./deps.ts";
import type { RelayPort } from "./relay_port.ts";
import { rosterEntryHash } from "./wire/roster_outer.ts";

/** Raises `FORK` for each cited roster head the relay's roster does not hold. */
export async function checkRosterHeads(
  deps: Pick<SyncDeps, "store" | "clock">,
  relay: RelayPort,
  strandId: string,
  cited: readonly { readonly author: string; readonly head: string }[],
): Promise<void> {
  const served = new Set<string>();
  for (const record of await relay.roster(strandId, 0)) {
    try {
      served.add(rosterEntryHash(record.bytes));
    } catch {
      // a malformed entry is refused with its reason when the roster is refreshed
    }
  }
  const forks = cited.filter((c) => !served.has(c.head));
  if (forks.length === 0) return;
  const now = deps.clock.now();
  writeTransaction(deps.store.db, "raise FORK", () => {
    for (const fork of forks) {
      raiseAlarm(
        deps.store,
        "FORK",
        `device ${fork.author.slice(0, 12)} was shown roster entry ${
          fork.head.slice(0, 12)
        }, which the relay does not show this device: it serves members different rosters`,
        now,
      );
    }
  });
}
