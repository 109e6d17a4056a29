/**
 * The membership ops a roster entry carries (sync-protocol R6, R8): `create {devices}` (the
 * genesis entry of a personal strand), `add_device {device, ed25519, x25519, name}`,
 * `remove_device {device, previous?}`, and `pin_relay {key}`, which pins the Ed25519 key the
 * relay signs its log heads with (R16), so that two inconsistent signed heads are proof against
 * a key the members themselves vouched for. Team strands (stage 3, docs/teams.md) add
 * `create_team {team, member, name, devices}` (their genesis), `add_member {member, name, role,
 * device}`, `remove_member {member, previous}`, `leave {}`, `rotate {previous}` and `set_role
 * {member, role}`. Keys are hex; a device id must be the fingerprint of its Ed25519 key; a
 * member id is the id of the member's first device.
 *
 * @module
 */
import { keyFingerprint } from "../../crypto/ed25519.ts";
import { patternProblem, textProblem } from "./checks.ts";
import { isRecord, keysProblem, type Problem } from "../../util/json_checks.ts";
import { fromHex, HEX16, HEX32 } from "./ids.ts";

/** A device as the roster lists it. */
export interface RosterDevice {
  /** Device id: {@linkcode keyFingerprint} of `ed25519`. */
  readonly device: string;
  /** Ed25519 public key (hex): verifies its `sig_dev` and roster signatures. */
  readonly ed25519: string;
  /** X25519 public key (hex): what key bundles wrap epoch secrets for. */
  readonly x25519: string;
  /** A name for people ("laptop"), 1..100 characters. */
  readonly name: string;
}

/** A membership change. */
export type RosterOp =
  | { readonly kind: "create"; readonly devices: readonly RosterDevice[] }
  | ({ readonly kind: "add_device" } & RosterDevice)
  | {
    readonly kind: "remove_device";
    readonly device: string;
    /**
     * The secret of the epoch the removal ends (hex), when the entry opens a new epoch (R29):
     * a device that holds the new epoch's keys reads the older epochs' history through it,
     * while the removed device, which never gets the new key, reads nothing that follows.
     */
    readonly previous?: string;
  }
  | { readonly kind: "pin_relay"; readonly key: string }
  | {
    readonly kind: "create_team";
    /** The team's name (1–40 lower-case letters, digits and dashes). */
    readonly team: string;
    /** The creator's member id: the id of one of `devices`. */
    readonly member: string;
    /** The creator's name for people. */
    readonly name: string;
    /** The creator's devices. */
    readonly devices: readonly RosterDevice[];
  }
  | {
    readonly kind: "add_member";
    /** The new member's id: `device.device`. */
    readonly member: string;
    readonly name: string;
    readonly role: MemberRole;
    /** The member's first device. */
    readonly device: RosterDevice;
  }
  | {
    readonly kind: "remove_member";
    readonly member: string;
    /** The secret of the epoch the removal ends (hex): it always opens a new epoch (R29). */
    readonly previous: string;
  }
  | { readonly kind: "leave" }
  | {
    readonly kind: "rotate";
    /** The secret of the epoch the rotation ends (hex). */
    readonly previous: string;
  }
  | { readonly kind: "set_role"; readonly member: string; readonly role: MemberRole };

/** What a member may do: an admin changes membership (R8), a member adds only its own devices. */
export type MemberRole = "admin" | "member";

/** The kinds of op a roster entry may carry. */
export type RosterOpKind = RosterOp["kind"];

/** Most devices a `create` may list. */
export const MAX_CREATE_DEVICES = 64;
const DEVICE_FIELDS = ["device", "ed25519", "x25519", "name"] as const;
const TEAM = /^[a-z0-9][a-z0-9-]{0,39}$/;
const ROLES: readonly string[] = ["admin", "member"];

function roleProblem(value: unknown, path: string): Problem {
  return typeof value === "string" && ROLES.includes(value)
    ? null
    : `${path} is not admin or member`;
}

function deviceProblem(value: Record<string, unknown>, path: string): Problem {
  const problem = patternProblem(value.device, `${path}.device`, HEX16) ??
    patternProblem(value.ed25519, `${path}.ed25519`, HEX32) ??
    patternProblem(value.x25519, `${path}.x25519`, HEX32) ??
    textProblem(value.name, `${path}.name`, 100);
  if (problem !== null) return problem;
  return keyFingerprint(fromHex(value.ed25519 as string)) === value.device
    ? null
    : `${path}.device is not the fingerprint of its ed25519 key`;
}

function pickDevice(value: Record<string, unknown>): RosterDevice {
  return {
    device: value.device as string,
    ed25519: value.ed25519 as string,
    x25519: value.x25519 as string,
    name: value.name as string,
  };
}

/** The op `value` holds, or the problem with it. */
export function rosterOpFrom(value: unknown): RosterOp | string {
  if (!isRecord(value)) return "op is not an object";
  switch (value.kind) {
    case "create": {
      const problem = keysProblem(value, "op", ["kind", "devices"]);
      if (problem !== null) return problem;
      const devices = devicesFrom(value.devices);
      return typeof devices === "string" ? devices : { kind: "create", devices };
    }
    case "add_device": {
      const problem = keysProblem(value, "op", ["kind", ...DEVICE_FIELDS]) ??
        deviceProblem(value, "op");
      return problem ?? { kind: "add_device", ...pickDevice(value) };
    }
    case "remove_device": {
      const rotates = "previous" in value;
      const problem = keysProblem(
        value,
        "op",
        rotates ? ["kind", "device", "previous"] : [
          "kind",
          "device",
        ],
      ) ??
        patternProblem(value.device, "op.device", HEX16) ??
        (rotates ? patternProblem(value.previous, "op.previous", HEX32) : null);
      if (problem !== null) return problem;
      const device = value.device as string;
      return rotates
        ? { kind: "remove_device", device, previous: value.previous as string }
        : { kind: "remove_device", device };
    }
    case "pin_relay": {
      const problem = keysProblem(value, "op", ["kind", "key"]) ??
        patternProblem(value.key, "op.key", HEX32);
      return problem ?? { kind: "pin_relay", key: value.key as string };
    }
    default:
      return teamOpFrom(value);
  }
}

function devicesFrom(devices: unknown): RosterDevice[] | string {
  if (!Array.isArray(devices) || devices.length < 1 || devices.length > MAX_CREATE_DEVICES) {
    return "op.devices is not a list of 1..64 devices";
  }
  const out: RosterDevice[] = [];
  for (let i = 0; i < devices.length; i++) {
    const item: unknown = devices[i];
    const path = `op.devices[${i}]`;
    if (!isRecord(item)) return `${path} is not an object`;
    const found = keysProblem(item, path, DEVICE_FIELDS) ?? deviceProblem(item, path);
    if (found !== null) return found;
    if (out.some((device) => device.device === item.device)) return `${path} is listed twice`;
    out.push(pickDevice(item));
  }
  return out;
}

/** The team ops (stage 3). */
function teamOpFrom(value: Record<string, unknown>): RosterOp | string {
  switch (value.kind) {
    case "create_team": {
      const problem = keysProblem(value, "op", ["kind", "team", "member", "name", "devices"]) ??
        patternProblem(value.team, "op.team", TEAM) ??
        patternProblem(value.member, "op.member", HEX16) ??
        textProblem(value.name, "op.name", 100);
      if (problem !== null) return problem;
      const devices = devicesFrom(value.devices);
      if (typeof devices === "string") return devices;
      if (!devices.some((device) => device.device === value.member)) {
        return "op.member is not one of op.devices";
      }
      return {
        kind: "create_team",
        team: value.team as string,
        member: value.member as string,
        name: value.name as string,
        devices,
      };
    }
    case "add_member": {
      const problem = keysProblem(value, "op", ["kind", "member", "name", "role", "device"]) ??
        patternProblem(value.member, "op.member", HEX16) ??
        textProblem(value.name, "op.name", 100) ??
        roleProblem(value.role, "op.role");
      if (problem !== null) return problem;
      const device = value.device;
      if (!isRecord(device)) return "op.device is not an object";
      const found = keysProblem(device, "op.device", DEVICE_FIELDS) ??
        deviceProblem(device, "op.device");
      if (found !== null) return found;
      if (device.device !== value.member) return "op.member is not the id of op.device";
      return {
        kind: "add_member",
        member: value.member as string,
        name: value.name as string,
        role: value.role as MemberRole,
        device: pickDevice(device),
      };
    }
    case "remove_member": {
      const problem = keysProblem(value, "op", ["kind", "member", "previous"]) ??
        patternProblem(value.member, "op.member", HEX16) ??
        patternProblem(value.previous, "op.previous", HEX32);
      return problem ?? {
        kind: "remove_member",
        member: value.member as string,
        previous: value.previous as string,
      };
    }
    case "leave":
      return keysProblem(value, "op", ["kind"]) ?? { kind: "leave" };
    case "rotate": {
      const problem = keysProblem(value, "op", ["kind", "previous"]) ??
        patternProblem(value.previous, "op.previous", HEX32);
      return problem ?? { kind: "rotate", previous: value.previous as string };
    }
    case "set_role": {
      const problem = keysProblem(value, "op", ["kind", "member", "role"]) ??
        patternProblem(value.member, "op.member", HEX16) ??
        roleProblem(value.role, "op.role");
      return problem ??
        { kind: "set_role", member: value.member as string, role: value.role as MemberRole };
    }
    default:
      return "op.kind is not a roster op";
  }
}
