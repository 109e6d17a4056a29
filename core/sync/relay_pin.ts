/**
 * The relay's signing key, pinned in the roster (R16): the device that starts sync, and the
 * one that repairs a relay that lost its data and its key, appends a `pin_relay` entry. Every
 * member then checks the relay's signed heads against a key the members vouched for (a device
 * that joins refuses a relay signing with another), and two heads under that key that no
 * consistency proof joins are proof of misbehaviour anyone holding the roster can check.
 *
 * @module
 */
import { bytesToHex } from "../crypto/_noble.ts";
import { HelixError } from "../errors.ts";
import { logState, raiseAlarm } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { appendInEpoch, refreshRoster } from "./roster.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { fromHex } from "./wire/ids.ts";

/** How often a pin is tried again when another device moved the roster meanwhile. */
const ATTEMPTS = 3;

/**
 * Appends `pin_relay {relayKey}` unless the roster already pins it; returns the roster after.
 * Throws `conflict` when the roster keeps moving under it.
 */
export async function pinRelayInRoster(
  store: Store,
  input: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly keyring: Keyring;
    readonly relay: RelayPort;
    readonly relayKey: Uint8Array;
  },
): Promise<RosterState> {
  const { strandId, keys, keyring, relay } = input;
  const key = bytesToHex(input.relayKey);
  const refresh = () => refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await refresh();
    if (state.relayKey === key) return state;
    const appended = await appendInEpoch(relay, state, {
      keys: keyring.keysFor(state.epoch)!,
      op: { kind: "pin_relay", key },
      signerSecretKey: keys.device.secretKey,
    });
    if (appended) return await refresh();
  }
  throw new HelixError(
    "conflict",
    "Cannot pin the relay's key in the roster: the roster keeps changing; try again",
  );
}

/**
 * Brings the roster's pin and this device's together before an exchange: a roster that pins
 * no key yet (a strand started before pins, or a pin that failed to upload) gets this device's;
 * a roster that pins another key than this device verifies the log with means a member
 * repaired a relay that lost its data (a member's signed entry, never the relay's word): the
 * exchange stops with a lasting `ROLLBACK` until `helix sync repair` runs here too.
 */
export async function reconcileRelayPin(
  store: Store,
  roster: RosterState,
  input: Omit<Parameters<typeof pinRelayInRoster>[1], "relayKey"> & { readonly now: number },
): Promise<RosterState> {
  const local = logState(store).relayKey;
  if (local === null) return roster;
  if (roster.relayKey === null) return await pinRelayInRoster(store, { ...input, relayKey: local });
  if (roster.relayKey === bytesToHex(local)) return roster;
  const detail = `the roster pins relay key ${roster.relayKey.slice(0, 12)}, not the ${
    bytesToHex(local).slice(0, 12)
  } this device verified the log with: a device repaired a relay that lost its data`;
  writeTransaction(
    store.db,
    "raise a sync alarm",
    () => raiseAlarm(store, "ROLLBACK", detail, input.now),
  );
  throw new HelixError(
    "relay_misbehaved",
    `Cannot sync: ROLLBACK: ${detail}; run \`helix sync repair\` on this device`,
    { details: { alarm: "ROLLBACK" } },
  );
}

/** The key the roster pins, as bytes, or null. */
export function rosterRelayKey(state: RosterState): Uint8Array | null {
  return state.relayKey === null ? null : fromHex(state.relayKey);
}
