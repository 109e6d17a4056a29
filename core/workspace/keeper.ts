/**
 * Which machine keeps a team strand (docs/teams.md, "Upkeep"): the lifecycle jobs (consolidation, distillation, the
 * contradiction sweep, decay) run on one machine per team, so members' machines do not each
 * distil the same episodes into rules of their own. It is the first admin device, in id order,
 * that the strand has heard from in the last {@linkcode KEEPER_SILENCE_MS} (the wall time of
 * its newest change applied here); when none has been, the admin device with the lowest id.
 * Every member computes the same answer from the roster and the changes it holds, with nothing
 * to coordinate: a keeper that stays away a week hands over to the next admin, and takes the
 * strand back once its own changes reach the others again. A machine whose own view is older
 * than that (it has not pulled for a week) keeps nothing until it has synced. When no keeper
 * is around, the jobs wait; writes, recall and sync never do.
 *
 * @module
 */
import type { TeamView } from "../sync/team.ts";

/** How long an admin device may go unheard before the next admin keeps its team strand. */
export const KEEPER_SILENCE_MS = 7 * 24 * 60 * 60 * 1000;

/** What this machine knows when it picks a strand's keeper. */
export interface KeeperInput {
  /** The strand's roster, each device with when the strand last heard from it. */
  readonly view: TeamView;
  /** Now (ms), from the caller's clock. */
  readonly now: number;
  /**
   * When this machine's view of the strand was last current (ms): its last pull, else when it
   * joined; null: never.
   */
  readonly seenAt: number | null;
  /** Silence before a hand-over (ms). @default {KEEPER_SILENCE_MS} */
  readonly silenceMs?: number;
}

/**
 * The id of the device that keeps the strand, or null (no admin device, or this machine's view
 * is too old to tell).
 *
 * @example A keeper silent for a week hands over to the next admin
 * ```ts
 * import { keeperOf, KEEPER_SILENCE_MS } from "./keeper.ts";
 * import { equal } from "node:assert/strict";
 *
 * const now = Date.UTC(2026, 10, 26);
 * const admin = (id: string, heardAt: number) => ({
 *   member: id, name: id, role: "admin" as const, me: id === "b2",
 *   devices: [{ id, name: id, me: id === "b2", heardAt }],
 * });
 * const view = (a1: number) => ({
 *   team: "acme", kind: "team" as const, epoch: 0, rotationPending: false,
 *   members: [admin("a1", a1), admin("b2", now)],
 * });
 * equal(keeperOf({ view: view(now - 60_000), now, seenAt: now }), "a1");
 * equal(keeperOf({ view: view(now - KEEPER_SILENCE_MS - 1), now, seenAt: now }), "b2");
 * ```
 */
export function keeperOf(input: KeeperInput): string | null {
  const { view, now, seenAt } = input;
  const silence = input.silenceMs ?? KEEPER_SILENCE_MS;
  const admins = view.members.filter((m) => m.role === "admin").flatMap((m) => m.devices)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (admins.length === 0) return null;
  if (view.kind === "team" && (seenAt === null || now - seenAt > silence)) return null;
  const heard = admins.find((d) => d.heardAt !== undefined && now - d.heardAt <= silence);
  return (heard ?? admins[0]!).id;
}

/**
 * Whether this machine is the strand's keeper, personal or team (a personal strand's devices
 * are all its owner's, admins). It makes the strand's snapshots, so there is one maker per
 * strand; on a team strand it also runs the lifecycle jobs.
 *
 * @example Usage
 * ```ts
 * import { isKeeper } from "./keeper.ts";
 * import { equal } from "node:assert/strict";
 *
 * const member = (name: string, role: "admin" | "member", id: string, me: boolean) => ({
 *   member: id, name, role, me, devices: [{ id, name, me }],
 * });
 * const view = (me: string) => ({
 *   team: "acme", kind: "team" as const, epoch: 0, rotationPending: false,
 *   members: [member("ada", "admin", "b2", me === "b2"), member("bo", "member", "a1", me === "a1")],
 * });
 * const now = Date.UTC(2026, 10, 26);
 * equal(isKeeper({ view: view("b2"), now, seenAt: now }), true); // the only admin's machine
 * equal(isKeeper({ view: view("a1"), now, seenAt: now }), false); // not an admin's
 * ```
 */
export function isKeeper(input: KeeperInput): boolean {
  const keeper = keeperOf(input);
  return keeper !== null &&
    input.view.members.some((m) => m.devices.some((d) => d.id === keeper && d.me));
}

/** When a strand's sync status says this machine's view was last current (see {@linkcode KeeperInput}). */
export function seenAt(
  status: { pulledAt: number | null; joinedAt: number | null },
): number | null {
  return status.pulledAt ?? status.joinedAt;
}
