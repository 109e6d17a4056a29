/**
 * The witness exchange (R22's optional witness relay): after a pull, a device leaves its signed
 * statement of the relay's log head it verified at a second relay, and reads the statements of
 * the other devices of its roster. Each statement whose device signature verifies under the
 * roster's key is checked like a head gossiped inside a change (`fork_check.ts`): a relay that
 * shows two devices two histories raises `FORK` on the next exchange of either, even when it
 * never lets a change of one reach the other. The witness is not trusted: it can drop or replay
 * statements, which only delays detection; a statement it forges or alters fails its signature
 * and is counted, not believed. Never throws for a witness that cannot be reached: the report
 * says so and the next exchange tries again.
 *
 * @module
 */
import { isHelixError } from "../errors.ts";
import { verifiedHead } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import type { SyncKeys } from "./deps.ts";
import { checkGossip } from "./fork_check.ts";
import type { RelayPort, WitnessPort } from "./relay_port.ts";
import { fromHex, toHex } from "./wire/ids.ts";
import { encodeLogHead, parseLogHead } from "./wire/log_head.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { openWitness, sealWitness, witnessId, witnessSlot } from "./wire/witness.ts";

/** What an exchange with the witness did. */
export interface WitnessReport {
  /** The witness's URL. */
  readonly url: string;
  /** Whether this device's statement was left (it has a verified head to state). */
  readonly stated: boolean;
  /** Other devices' statements read and checked. */
  readonly checked: number;
  /** Statements that were not their device's (altered or forged): ignored. */
  readonly refused: number;
  /** Statements that raised an alarm (`FORK`, `TAMPER`, `WITHHELD`). */
  readonly alarms: number;
  /** Why the exchange stopped early (the witness or relay could not be reached), if it did. */
  readonly error?: string;
}

/** Leaves this device's statement at `witness` and checks the other devices' statements. */
export async function exchangeWithWitness(
  store: Store,
  input: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly roster: Pick<RosterState, "devices">;
    readonly relay: RelayPort;
    readonly witness: WitnessPort;
    readonly now: number;
  },
): Promise<WitnessReport> {
  const { strandId, keys, witness } = input;
  const id = witnessId(strandId);
  const me = keys.device.fingerprint;
  const counts = { stated: false, checked: 0, refused: 0, alarms: 0 };
  const report = (error?: string): WitnessReport => ({
    url: witness.url,
    ...counts,
    ...(error ? { error } : {}),
  });
  try {
    const head = verifiedHead(store);
    if (head !== null) {
      const statement = sealWitness(me, parseLogHead(head), keys.device.secretKey);
      await witness.leaveStatement(id, witnessSlot(strandId, me), statement);
      counts.stated = true;
    }
    for (const device of input.roster.devices) {
      if (device.device === me) continue;
      const bytes = await witness.readStatement(id, witnessSlot(strandId, device.device));
      if (bytes === null) continue;
      let statement;
      try {
        statement = openWitness(bytes, device.device, fromHex(device.ed25519));
      } catch {
        counts.refused++;
        continue;
      }
      counts.checked++;
      const verdict = await checkGossip(store, input.relay, {
        strandId,
        author: device.device,
        head: toHex(encodeLogHead(statement.head)),
        now: input.now,
      });
      if (verdict !== "consistent" && verdict !== "undecided") counts.alarms++;
    }
  } catch (error) {
    if (!isHelixError(error)) throw error;
    return report(error.message);
  }
  return report();
}
