/**
 * Recovery (sync-protocol R4, T12): `helix sync recovery` adds a recovery device to the roster
 * whose keys derive from a 24-word phrase shown once (`crypto/recovery_phrase.ts`); as a
 * member it gets the strand's key at every rotation. A person who lost every machine runs
 * `helix sync recover` on a new one: the phrase's keys open the current epoch's bundle, sign
 * an `add_device` for the new machine, and the new machine enters the strand as if paired.
 * A wrong phrase, or one whose recovery device was removed, is refused before anything is
 * uploaded. Removing the recovery device (`helix device remove recovery`) rotates the epoch
 * like any removal, so a leaked phrase stops working.
 *
 * @module
 */
import { type RecoveryKeys, recoveryKeys } from "../crypto/recovery_phrase.ts";
import { HelixError, isHelixError } from "../errors.ts";
import { epochRow } from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import type { SyncKeys } from "./deps.ts";
import { enterStrand } from "./enter.ts";
import { assertNotSynced, rosterDevice } from "./init.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { appendInEpoch, extendKeys, refreshRoster } from "./roster.ts";
import { openBundle, wrapBundle } from "./wire/bundle.ts";
import { HEX16 } from "./wire/ids.ts";
import { verifyRosterChain } from "./wire/roster_chain.ts";

/** The roster name of the recovery device. */
export const RECOVERY_NAME = "recovery";

/** Appends the recovery device `recovery` (made from a fresh phrase) to the roster. */
export async function addRecovery(
  store: Store,
  input: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly keyring: Keyring;
    readonly relay: RelayPort;
    readonly recovery: RecoveryKeys;
  },
): Promise<{ device: string }> {
  const { strandId, keys, keyring, relay, recovery } = input;
  const state = await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  if (state.devices.some((d) => d.name === RECOVERY_NAME)) {
    throw new HelixError(
      "conflict",
      "Cannot add a recovery phrase: the strand has one; `helix device remove recovery` first (its old phrase then stops working)",
    );
  }
  const held = epochRow(store, state.epoch);
  if (held === null) throw new HelixError("decrypt_failed", "Cannot add recovery: no current key");
  const secret = openBundle(held.bundle, keys.exchange.secretKey);
  const bundle = wrapBundle(secret, [recovery.exchange.publicKey]);
  secret.fill(0);
  const device = rosterDevice(
    recovery.device.publicKey,
    recovery.exchange.publicKey,
    RECOVERY_NAME,
  );
  const appended = await appendInEpoch(relay, state, {
    keys: keyring.keysFor(state.epoch)!,
    bundle,
    op: { kind: "add_device", ...device },
    signerSecretKey: keys.device.secretKey,
  });
  if (!appended) {
    throw new HelixError(
      "conflict",
      "Cannot add recovery: the roster changed meanwhile; try again",
    );
  }
  await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  return { device: device.device };
}

/**
 * Adds this machine to `strandId` with the recovery `phrase` and enters the strand. Throws
 * `invalid_input` for a malformed phrase, `unauthorized` for a phrase this strand's roster
 * does not hold (wrong, or its recovery device removed), before uploading anything.
 */
export async function recover(
  deps: { readonly store: Store; readonly clock: { now(): number } },
  keys: SyncKeys,
  relay: RelayPort,
  input: { readonly strandId: string; readonly phrase: string; readonly name: string },
): Promise<{ strandId: string; devices: number }> {
  assertNotSynced(deps, "recover");
  const strandId = input.strandId.trim().toLowerCase();
  if (!HEX16.test(strandId)) {
    throw new HelixError(
      "invalid_input",
      "Cannot recover: a strand id is 32 hex digits (`helix sync recovery` printed it)",
    );
  }
  const recovery = recoveryKeys(input.phrase);
  const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
  const found = extendKeys(() => undefined, entries, strandId, recovery.exchange.secretKey);
  const refused = () =>
    new HelixError(
      "unauthorized",
      "Cannot recover: this phrase is not the strand's recovery phrase (or its recovery device was removed)",
    );
  if (found.found.size === 0) throw refused();
  let state;
  try {
    state = verifyRosterChain(entries, strandId, found.get);
  } catch (error) {
    // A later epoch none of whose keys the phrase opens: its recovery device was removed.
    if (isHelixError(error, "decrypt_failed")) throw refused();
    throw new HelixError(
      "relay_misbehaved",
      `Cannot recover: the relay's roster does not verify (${(error as Error).message})`,
      { cause: error },
    );
  }
  if (!state.devices.some((d) => d.device === recovery.device.fingerprint)) throw refused();
  const current = found.found.get(state.epoch);
  if (current === undefined) throw refused(); // removed: the current epoch was not wrapped for it
  const secret = openBundle(current.bundle, recovery.exchange.secretKey);
  const bundle = wrapBundle(secret, [keys.exchange.publicKey]);
  secret.fill(0);
  const added = rosterDevice(keys.device.publicKey, keys.exchange.publicKey, input.name);
  const appended = await appendInEpoch(relay, state, {
    keys: current.keys,
    bundle,
    op: { kind: "add_device", ...added },
    signerSecretKey: recovery.device.secretKey,
  });
  if (!appended) {
    throw new HelixError("conflict", "Cannot recover: the roster changed meanwhile; try again");
  }
  const entered = await enterStrand(deps, keys, relay, strandId, "recover", state.seq + 1);
  return { strandId, devices: entered.devices.length };
}
