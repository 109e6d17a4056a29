/**
 * Pairing a new device (R5). The inviter (`helix device add`) leaves its public keys at a
 * fresh rendezvous, MAC'd under a pairing secret that travels only in the code a person
 * copies; the joiner (`helix sync join <code>`) leaves its own. Both show the same short
 * authentication string; on the person's yes the inviter appends `add_device` with the epoch
 * secret wrapped for the joiner and leaves a welcome; the joiner verifies the whole roster
 * from genesis, opens its stanza, and only then counts as synced (it never pushes under a key
 * it cannot open). The relay sees opaque, MAC'd blobs for ten minutes.
 *
 * @module
 */
import { constantTimeEqual } from "../crypto/bytes.ts";
import { HelixError } from "../errors.ts";
import { epochRow, syncStrand } from "../store/queries/sync.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import { assertNotSynced, rosterDevice } from "./init.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { enterStrand } from "./enter.ts";
import { appendInEpoch, refreshRoster } from "./roster.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import type { RosterDevice, RosterOp } from "./wire/roster_ops.ts";
import { openBundle, wrapBundle } from "./wire/bundle.ts";
import {
  encodeHello,
  encodeWelcome,
  makePairingCode,
  openHello,
  openWelcome,
  type PairingCode,
  type PairingPeer,
  parsePairingCode,
  shortAuthString,
} from "./wire/pairing.ts";

/** How a pairing step talks to the person and waits. */
export interface PairingPrompts {
  /** Shows the short authentication string; true when the person confirms both match. */
  confirm(sas: string, peer: { name: string }): Promise<boolean>;
  /** Waits `ms` between polls of the rendezvous. @default setTimeout */
  sleep?(ms: number): Promise<void>;
  /** Give up after this long (ms, by the engine's clock). @default {600000} */
  timeoutMs?: number;
  /** Poll interval (ms). @default {1000} */
  pollMs?: number;
}

/** The outcome of a pairing. */
export interface PairingResult {
  /** True when both sides confirmed and the device was added (inviter) or joined (joiner). */
  readonly paired: boolean;
  /** The other device's name. */
  readonly peer: string;
  /** The short authentication string both showed. */
  readonly sas: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  deps: Pick<SyncDeps, "clock">,
  prompts: PairingPrompts,
  what: string,
  poll: () => Promise<T | null>,
): Promise<T> {
  const deadline = deps.clock.now() + (prompts.timeoutMs ?? 600_000);
  const sleep = prompts.sleep ?? defaultSleep;
  for (;;) {
    const found = await poll();
    if (found !== null) return found;
    if (deps.clock.now() >= deadline) {
      throw new HelixError("not_found", `Cannot pair: ${what} did not arrive in time; start again`);
    }
    await sleep(prompts.pollMs ?? 1000);
  }
}

function peerOf(keys: SyncKeys, name: string): PairingPeer {
  return { ed25519: keys.device.publicKey, x25519: keys.exchange.publicKey, name };
}

/** Slots of a rendezvous. */
const SLOT = { inviter: "inviter", joiner: "joiner", welcome: "welcome" } as const;

/** What the inviter appends for the joiner (default: `add_device`), and how it says so. */
export interface InviteAs {
  /**
   * The roster op adding `joiner` (its hello's name is its name); `peer` is the hello itself
   * (a new member's name is its `member`).
   */
  readonly op: (joiner: RosterDevice, peer: PairingPeer) => RosterOp;
  /** Checks the op may be made on `state` before anything is appended. */
  readonly check?: (state: RosterState, op: RosterOp) => void;
  /** The command to run again after a conflict. */
  readonly again: string;
}

const ADD_DEVICE: InviteAs = {
  op: (joiner) => ({ kind: "add_device", ...joiner }),
  again: "helix device add",
};

/** The inviter: makes the code (given to `onCode`), waits for the joiner, adds it. */
export async function invite(
  deps: Pick<SyncDeps, "store" | "clock">,
  keys: SyncKeys,
  keyring: Keyring,
  relay: RelayPort,
  name: string,
  prompts: PairingPrompts & { onCode(code: string): void },
  as: InviteAs = ADD_DEVICE,
): Promise<PairingResult> {
  const strand = syncStrand(deps.store);
  if (strand === null) {
    throw new HelixError(
      "not_found",
      "Cannot add a device: this strand does not sync; run `helix sync init --relay URL` first",
    );
  }
  const { code, parsed } = makePairingCode(relay.url);
  const me = peerOf(keys, name);
  await relay.leave(parsed.rendezvous, SLOT.inviter, encodeHello(me, parsed));
  prompts.onCode(code);
  const joiner = await waitFor(deps, prompts, "the new device", async () => {
    const bytes = await relay.collect(parsed.rendezvous, SLOT.joiner);
    return bytes === null ? null : openHello(bytes, parsed);
  });
  const sas = shortAuthString(parsed.secret, me, joiner);
  if (!await prompts.confirm(sas, joiner)) return { paired: false, peer: joiner.name, sas };
  const state = await refreshRoster(
    deps.store,
    relay,
    strand.strandId,
    keyring,
    keys.exchange.secretKey,
  );
  const secret = openBundle(epochRow(deps.store, state.epoch)!.bundle, keys.exchange.secretKey);
  const bundle = wrapBundle(secret, [joiner.x25519]);
  secret.fill(0);
  const op = as.op(rosterDevice(joiner.ed25519, joiner.x25519, joiner.name), joiner);
  as.check?.(state, op);
  const appended = await appendInEpoch(relay, state, {
    keys: keyring.keysFor(state.epoch)!,
    bundle,
    op,
    signerSecretKey: keys.device.secretKey,
  });
  if (!appended) {
    throw new HelixError(
      "conflict",
      `Cannot add the ${
        op.kind === "add_member" ? "member" : "device"
      }: the roster changed meanwhile; run \`${as.again}\` again`,
    );
  }
  const after = await refreshRoster(
    deps.store,
    relay,
    strand.strandId,
    keyring,
    keys.exchange.secretKey,
  );
  await relay.leave(
    parsed.rendezvous,
    SLOT.welcome,
    encodeWelcome(
      { inviter: me, strandId: strand.strandId, rosterSeq: after.seq, rosterHead: after.head },
      parsed,
    ),
  );
  return { paired: true, peer: joiner.name, sas };
}

/** The joiner: answers the code, waits for the welcome, verifies the roster and joins. */
export async function join(
  deps: Pick<SyncDeps, "store" | "clock">,
  keys: SyncKeys,
  relayFor: (url: string) => RelayPort,
  code: string,
  name: string,
  prompts: PairingPrompts,
  member?: string,
): Promise<PairingResult & { strandId?: string }> {
  assertNotSynced(deps, "join");
  const parsed: PairingCode = parsePairingCode(code);
  const relay = relayFor(parsed.relayUrl);
  const inviter = await waitFor(deps, prompts, "the inviting device's keys", async () => {
    const bytes = await relay.collect(parsed.rendezvous, SLOT.inviter);
    return bytes === null ? null : openHello(bytes, parsed);
  });
  const me = { ...peerOf(keys, name), ...(member !== undefined ? { member } : {}) };
  await relay.leave(parsed.rendezvous, SLOT.joiner, encodeHello(me, parsed));
  const sas = shortAuthString(parsed.secret, inviter, me);
  if (!await prompts.confirm(sas, inviter)) return { paired: false, peer: inviter.name, sas };
  const welcome = await waitFor(deps, prompts, "the welcome", async () => {
    const bytes = await relay.collect(parsed.rendezvous, SLOT.welcome);
    return bytes === null ? null : openWelcome(bytes, parsed);
  });
  if (
    !constantTimeEqual(welcome.inviter.ed25519, inviter.ed25519) ||
    !constantTimeEqual(welcome.inviter.x25519, inviter.x25519)
  ) {
    throw new HelixError(
      "tampered",
      "Cannot join: the welcome names another device than the code's",
    );
  }
  await enterStrand(deps, keys, relay, welcome.strandId, "join", welcome.rosterSeq);
  return { paired: true, peer: inviter.name, sas, strandId: welcome.strandId };
}
