/**
 * The membership ops a roster entry carries (stage 1 subset of sync-protocol R6, R8):
 * `create {devices}` (the genesis entry), `add_device {device, ed25519, x25519, name}`,
 * `remove_device {device, previous?}`, and `pin_relay {key}`, which pins the Ed25519 key the relay signs
 * its log heads with (R16), so that two inconsistent signed heads are proof against a key the
 * members themselves vouched for; stage 3 adds members, admins and rotation. Keys are hex; a
 * device id must be the fingerprint of its Ed25519 key.
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
  | { readonly kind: "pin_relay"; readonly key: string };

/** Most devices a `create` may list. */
export const MAX_CREATE_DEVICES = 64;
const DEVICE_FIELDS = ["device", "ed25519", "x25519", "name"] as const;

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
      const devices = value.devices;
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
      return { kind: "create", devices: out };
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
      return "op.kind is not create, add_device, remove_device or pin_relay";
  }
}
