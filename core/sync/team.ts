/**
 * Membership of a team strand (stage 3, docs/teams.md): who is in it, and the admin's and the
 * member's changes to that: remove a member with a new epoch (R29, one entry), leave (rotation
 * then pending, R8), rotate, set a role. Each change is checked against the verified roster
 * before it is sealed, so this device never uploads an entry the other members would refuse
 * (`unauthorized` for a member trying an admin's change, the last admin leaving or stepping
 * down); creating a team is `init.ts`, inviting and joining `pair.ts`.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { assertAllowed } from "./roster_check.ts";
import type { Store } from "../store/store.ts";
import type { SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { appendInEpoch, refreshRoster } from "./roster.ts";
import { appendRotation } from "./rotate.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { memberOf, type RosterMember } from "./wire/roster_members.ts";
import type { MemberRole, RosterOp } from "./wire/roster_ops.ts";

/** A member as {@linkcode teamView} lists it. */
export interface TeamMemberView {
  /** Member id (its first device's id). */
  readonly member: string;
  /** Its name. */
  readonly name: string;
  /** `admin` or `member`. */
  readonly role: MemberRole;
  /** True for the member this machine belongs to. */
  readonly me: boolean;
  /** Its devices; `me` marks this machine. */
  readonly devices: readonly TeamDeviceView[];
}

/** A member's device as {@linkcode teamView} lists it. */
export interface TeamDeviceView {
  /** The device id (its key's fingerprint). */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** True for this machine. */
  readonly me: boolean;
  /**
   * When this strand last heard from it: the wall time (ms) of the newest of its changes
   * applied here; absent when none is (or the caller did not ask).
   */
  readonly heardAt?: number;
}

/** Who is in a strand. */
export interface TeamView {
  /** The team's name (null: a personal strand). */
  readonly team: string | null;
  /** `team` or `personal`. */
  readonly kind: "team" | "personal";
  /** The epoch in force. */
  readonly epoch: number;
  /** A member left (or a device was removed) and no admin has rotated since: run `rotate`. */
  readonly rotationPending: boolean;
  /** The members, in the order they joined. */
  readonly members: readonly TeamMemberView[];
}

/**
 * The roster `state` as people read it; `me` is this device's id, `heard` when this strand
 * last heard from each device (ms).
 */
export function teamView(
  state: RosterState,
  me: string,
  heard: ReadonlyMap<string, number> = new Map(),
): TeamView {
  const names = new Map(state.devices.map((d) => [d.device, d.name]));
  return {
    team: state.team,
    kind: state.kind,
    epoch: state.epoch,
    rotationPending: state.rotationPending,
    members: state.members.map((m) => ({
      member: m.member,
      name: m.name,
      role: m.role,
      me: m.devices.includes(me),
      devices: m.devices.map((id) => {
        const at = heard.get(id);
        return {
          id,
          name: names.get(id) ?? "",
          me: id === me,
          ...(at === undefined ? {} : { heardAt: at }),
        };
      }),
    })),
  };
}

/** The member `which` names: its id, a prefix of it (8+ digits), or its name. */
export function findMember(state: Pick<RosterState, "members">, which: string): RosterMember {
  const wanted = which.trim();
  const matches = state.members.filter((m) =>
    m.member === wanted || (wanted.length >= 8 && m.member.startsWith(wanted)) || m.name === wanted
  );
  if (matches.length === 1) return matches[0]!;
  const known = state.members.map((m) => m.name).join(", ");
  throw new HelixError(
    matches.length === 0 ? "not_found" : "invalid_input",
    matches.length === 0
      ? `Cannot find member "${wanted}" in the team (members: ${known})`
      : `"${wanted}" names ${matches.length} members; give its id`,
  );
}

/** What a membership change works with. */
export interface MembershipInput {
  readonly strandId: string;
  readonly keys: SyncKeys;
  readonly keyring: Keyring;
  readonly relay: RelayPort;
}

/** What a member's removal did. */
export interface MemberRemoval {
  /** The member removed. */
  readonly removed: { readonly member: string; readonly name: string; readonly devices: number };
  /** The epoch opened (the removed member holds no key for it). */
  readonly epoch: number;
  /** Devices that remain, this one included. */
  readonly remaining: number;
}

/** Removes member `which` with a new epoch for the devices that remain (admin only). */
export async function removeMember(
  store: Store,
  input: MembershipInput & { readonly which: string },
): Promise<MemberRemoval> {
  const { strandId, keyring, relay, keys } = input;
  const state = await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  const target = findMember(state, input.which);
  const remaining = state.devices.filter((d) => !target.devices.includes(d.device));
  const action = `remove ${target.name}`;
  assertAllowed(
    state,
    { kind: "remove_member", member: target.member, previous: "00".repeat(32) },
    keys.device.fingerprint,
    action,
  );
  const epoch = await appendRotation(store, {
    ...input,
    state,
    remaining,
    op: (previous) => ({ kind: "remove_member", member: target.member, previous }),
    what: action,
    again: "helix team remove",
  });
  await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  return {
    removed: { member: target.member, name: target.name, devices: target.devices.length },
    epoch,
    remaining: remaining.length,
  };
}

/** Opens a new epoch for the devices of the roster (admin only): ends a pending rotation. */
export async function rotateTeam(
  store: Store,
  input: MembershipInput,
): Promise<{ epoch: number; remaining: number }> {
  const { strandId, keyring, relay, keys } = input;
  const state = await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  assertAllowed(
    state,
    { kind: "rotate", previous: "00".repeat(32) },
    keys.device.fingerprint,
    "rotate the key",
  );
  const epoch = await appendRotation(store, {
    ...input,
    state,
    remaining: state.devices,
    op: (previous) => ({ kind: "rotate", previous }),
    what: "rotate the key",
    again: "helix team rotate",
  });
  await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  return { epoch, remaining: state.devices.length };
}

/** Appends `op` in the current epoch after checking it; `conflict` when the roster moved. */
async function appendChecked(
  store: Store,
  input: MembershipInput,
  op: (state: RosterState) => RosterOp,
  action: string,
  again: string,
): Promise<RosterState> {
  const { strandId, keyring, relay, keys } = input;
  const state = await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  const change = op(state);
  assertAllowed(state, change, keys.device.fingerprint, action);
  const appended = await appendInEpoch(relay, state, {
    keys: keyring.keysFor(state.epoch)!,
    op: change,
    signerSecretKey: keys.device.secretKey,
  });
  if (!appended) {
    throw new HelixError(
      "conflict",
      `Cannot ${action}: the roster changed meanwhile; run \`${again}\` again`,
    );
  }
  return state;
}

/**
 * This device's member leaves the team: the other members see "rotation pending" until an
 * admin rotates (the leaver holds the key in force). `unauthorized` for the last admin.
 */
export async function leaveTeam(
  store: Store,
  input: MembershipInput,
): Promise<{ member: string; name: string }> {
  const state = await appendChecked(
    store,
    input,
    () => ({ kind: "leave" }),
    "leave the team",
    "helix team leave",
  );
  const mine = memberOf(state, input.keys.device.fingerprint)!;
  return { member: mine.member, name: mine.name };
}

/** Makes member `which` an admin or a member (admin only; the last admin cannot step down). */
export async function setMemberRole(
  store: Store,
  input: MembershipInput & { readonly which: string; readonly role: MemberRole },
): Promise<{ member: string; name: string; role: MemberRole }> {
  let target: RosterMember | undefined;
  await appendChecked(
    store,
    input,
    (state) => {
      target = findMember(state, input.which);
      return { kind: "set_role", member: target.member, role: input.role };
    },
    `make ${input.which} ${input.role === "admin" ? "an admin" : "a member"}`,
    "helix team role",
  );
  await refreshRoster(
    store,
    input.relay,
    input.strandId,
    input.keyring,
    input.keys.exchange.secretKey,
  );
  return { member: target!.member, name: target!.name, role: input.role };
}
