/**
 * Who belongs to a strand and who may change that (sync-protocol R6–R8, docs/teams.md): the
 * members, their roles and devices after one more roster op, or the op refused. A personal
 * strand (genesis `create`) is one implicit admin member, the owner, holding every device; a
 * team strand (genesis `create_team`) has named members, admins among them. Admin-only ops
 * signed by a member's device are refused with `unauthorized`; so are a last admin leaving or
 * stepping down, and team ops on a personal strand. A removed or departed member's devices join
 * `former`, so the vouching rule (R29) treats them as removed devices.
 *
 * @module
 */
import { wireError } from "./errors.ts";
import type { MemberRole, RosterDevice, RosterOp } from "./roster_ops.ts";

/** A member as the roster lists it. */
export interface RosterMember {
  /** Member id: the id of its first device. */
  readonly member: string;
  /** Its name for people. */
  readonly name: string;
  /** Admins change membership (R8); members add only their own devices. */
  readonly role: MemberRole;
  /** Ids of its current devices, in the order they joined. */
  readonly devices: readonly string[];
}

/** The membership part of a roster state. */
export interface Membership {
  /** `personal` (genesis `create`) or `team` (genesis `create_team`). */
  readonly kind: "personal" | "team";
  /** The team's name, or null for a personal strand. */
  readonly team: string | null;
  /** Current members (a personal strand: the owner alone). */
  readonly members: readonly RosterMember[];
  /** Current devices, in the order they joined. */
  readonly devices: readonly RosterDevice[];
  /** Device ids removed so far (never re-admitted). */
  readonly removed: readonly string[];
  /** Removed devices with the sequence of the entry that removed each (R29). */
  readonly former: readonly (RosterDevice & { readonly removedAt: number })[];
  /** Member ids that were removed or left (never re-admitted under the same id). */
  readonly gone: readonly string[];
}

/** The name the implicit member of a personal strand has. */
export const OWNER_NAME = "owner";

type Code = "unauthorized" | "tampered" | "corrupt";

/** A roster refusal, `entry <seq>: <problem>`. */
export function refuseEntry(
  code: Code | "decrypt_failed" | "bad_signature",
  reason: string,
  seq: number,
  problem: string,
) {
  return wireError(code, "roster", reason, `entry ${seq}: ${problem}`);
}

/** The devices a genesis op lists (the signer must be one of them), or null for another op. */
export function genesisDevices(op: RosterOp): readonly RosterDevice[] | null {
  return op.kind === "create" || op.kind === "create_team" ? op.devices : null;
}

/** The member holding device `device`, if any. */
export function memberOf(
  state: Pick<Membership, "members">,
  device: string,
): RosterMember | undefined {
  return state.members.find((m) => m.devices.includes(device));
}

/**
 * Membership after `op` signed by device `signer` at entry `seq` (`opensEpoch`: the entry
 * publishes a new write key). Throws `unauthorized` for an op the signer may not make or that
 * the roster does not allow, `tampered` when the epoch rule of the op is broken.
 */
export function applyMembership(
  state: Membership | null,
  op: RosterOp,
  signer: string,
  seq: number,
  opensEpoch: boolean,
): Membership {
  const no = (problem: string) => refuseEntry("unauthorized", "op", seq, problem);
  if (op.kind === "create" || op.kind === "create_team") {
    if (state !== null) throw no("create after the genesis entry");
    const ids = op.devices.map((d) => d.device);
    const team = op.kind === "create_team";
    return {
      kind: team ? "team" : "personal",
      team: team ? op.team : null,
      members: [{
        member: team ? op.member : ids[0]!,
        name: team ? op.name : OWNER_NAME,
        role: "admin",
        devices: ids,
      }],
      devices: op.devices,
      removed: [],
      former: [],
      gone: [],
    };
  }
  if (state === null) {
    throw refuseEntry("corrupt", "op", seq, "the genesis entry does not create the roster");
  }
  const mine = memberOf(state, signer)!;
  const admin = mine.role === "admin";
  const needAdmin = (what: string) => {
    if (!admin) throw no(`${what} needs an admin, and the signer's member is not one`);
  };
  const needTeam = (what: string) => {
    if (state.kind !== "team") throw no(`${what} on a personal strand`);
  };
  const rotation = (carries: boolean, what: string) => {
    if (opensEpoch !== carries) {
      throw refuseEntry(
        "tampered",
        "op",
        seq,
        `${what}: an entry that opens an epoch carries the previous secret, and only such an entry`,
      );
    }
  };
  const admins = state.members.filter((m) => m.role === "admin");
  switch (op.kind) {
    case "pin_relay": // stage-1 ops keep their stage-1 rules
      return state;
    case "add_device": {
      if (state.devices.some((d) => d.device === op.device) || state.removed.includes(op.device)) {
        throw no("the device is or was already in the roster");
      }
      const { kind: _kind, ...device } = op;
      return {
        ...state,
        devices: [...state.devices, device],
        members: state.members.map((m) =>
          m.member === mine.member ? { ...m, devices: [...m.devices, op.device] } : m
        ),
      };
    }
    case "remove_device": {
      rotation(op.previous !== undefined, "remove_device");
      const owner = memberOf(state, op.device);
      if (owner === undefined) throw no("the removed device is not in the roster");
      if (owner.member !== mine.member) needAdmin("removing another member's device");
      if (owner.devices.length === 1) {
        throw no(
          state.kind === "team"
            ? "removing a member's last device: remove the member"
            : "removing the last device",
        );
      }
      if (op.device === signer && opensEpoch) throw no("a device cannot rotate itself out");
      return without(state, [op.device], seq, null);
    }
    case "add_member": {
      needTeam("add_member");
      rotation(false, "add_member");
      needAdmin("add_member");
      const id = op.device.device;
      if (
        state.devices.some((d) => d.device === id) || state.removed.includes(id) ||
        state.members.some((m) => m.member === op.member) || state.gone.includes(op.member)
      ) {
        throw no("the member or its device is or was already in the roster");
      }
      return {
        ...state,
        devices: [...state.devices, op.device],
        members: [...state.members, {
          member: op.member,
          name: op.name,
          role: op.role,
          devices: [id],
        }],
      };
    }
    case "remove_member": {
      needTeam("remove_member");
      rotation(true, "remove_member");
      needAdmin("remove_member");
      const target = state.members.find((m) => m.member === op.member);
      if (target === undefined) throw no("the removed member is not in the roster");
      if (target.member === mine.member) {
        throw no("a member cannot rotate itself out: leave instead");
      }
      return without(state, target.devices, seq, target.member);
    }
    case "leave": {
      needTeam("leave");
      rotation(false, "leave");
      if (admin && admins.length === 1) throw no("the last admin cannot leave");
      return without(state, mine.devices, seq, mine.member);
    }
    case "rotate":
      rotation(true, "rotate");
      needAdmin("rotate");
      return state;
    case "set_role": {
      needTeam("set_role");
      rotation(false, "set_role");
      needAdmin("set_role");
      const target = state.members.find((m) => m.member === op.member);
      if (target === undefined) throw no("the member is not in the roster");
      if (target.role === "admin" && op.role === "member" && admins.length === 1) {
        throw no("the last admin cannot step down");
      }
      return {
        ...state,
        members: state.members.map((m) => m.member === op.member ? { ...m, role: op.role } : m),
      };
    }
  }
}

/** `state` without `devices` (and without member `member` when given). */
function without(
  state: Membership,
  devices: readonly string[],
  seq: number,
  member: string | null,
): Membership {
  const leaving = state.devices.filter((d) => devices.includes(d.device));
  return {
    ...state,
    devices: state.devices.filter((d) => !devices.includes(d.device)),
    members: state.members
      .filter((m) => m.member !== member)
      .map((m) => ({ ...m, devices: m.devices.filter((d) => !devices.includes(d)) })),
    removed: [...state.removed, ...devices],
    former: [...state.former, ...leaving.map((d) => ({ ...d, removedAt: seq }))],
    gone: member === null ? state.gone : [...state.gone, member],
  };
}
