/**
 * Who wrote a team strand's memory, for people: the member whose device wrote the change that
 * carried its creating op ("you" for this machine's own), named as the team's roster names the
 * member that device belongs to (else the device's own name).
 *
 * @module
 */
import type { Engine } from "../engine.ts";
import type { MemoryCreator } from "../store/queries/creators.ts";

/** A roster device as sync status reports it. */
export interface StatusDevice {
  /** The device id (its key's fingerprint), as sync changes name their author. */
  readonly id: string;
  /** Its name in the roster. */
  readonly name: string;
  /** Whether it is this machine. */
  readonly me: boolean;
  /** The member it belongs to, in a team strand (absent or null: the device's name serves). */
  readonly member?: string | null;
}

/**
 * The member name for a memory created by `creator`, given the strand's roster `devices`
 * (null when unknown): "you" for this machine's own writes and its own devices, else the
 * member the device belongs to, else the device's name, else a short device id.
 *
 * @example Usage
 * ```ts
 * import { memberName } from "./member.ts";
 * import { equal } from "node:assert/strict";
 *
 * const devices = [
 *   { id: "d1", name: "bob-laptop", me: false, member: "bob" },
 *   { id: "d2", name: "ann", me: true },
 * ];
 * equal(memberName({ device: "x", received: false, author: null }, devices), "you");
 * equal(memberName({ device: "x", received: true, author: "d1" }, devices), "bob");
 * equal(memberName({ device: "x", received: true, author: "d2" }, devices), "you");
 * ```
 */
export function memberName(
  creator: MemoryCreator | undefined,
  devices: readonly StatusDevice[] | null,
): string {
  if (!creator || !creator.received) return "you";
  const author = creator.author ?? creator.device;
  const device = devices?.find((d) => d.id === author);
  if (device) return device.me ? "you" : device.member ?? device.name;
  return `device ${author.slice(0, 8)}`;
}

/**
 * Names the members who wrote `ids` in the strand of `engine`; the roster is read once per
 * call, and only when a memory arrived by sync.
 */
export function membersOf(
  engine: Pick<Engine, "creators" | "syncStatus">,
  ids: readonly string[],
): Map<string, string> {
  const creators = engine.creators(ids);
  let devices: readonly StatusDevice[] | null | undefined;
  const out = new Map<string, string>();
  for (const id of ids) {
    const creator = creators.get(id);
    if (creator?.received && devices === undefined) devices = rosterDevices(engine);
    out.set(id, memberName(creator, devices ?? null));
  }
  return out;
}

function rosterDevices(engine: Pick<Engine, "syncStatus">): readonly StatusDevice[] | null {
  try {
    return engine.syncStatus().devices;
  } catch {
    return null;
  }
}
