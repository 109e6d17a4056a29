/**
 * Which machine keeps a team strand: the lifecycle jobs (consolidation, distillation, the
 * contradiction sweep, decay) run on one machine per team, so members' machines do not each
 * distil the same episodes into rules of their own. It is the admin device with the lowest id:
 * every member computes the same answer from the roster, with nothing to coordinate. When that
 * machine is away, the jobs wait; writes, recall and sync never do.
 *
 * @module
 */
import type { TeamView } from "@helix/core";

/**
 * Whether this machine keeps the team strand `view` describes (a personal strand: always).
 *
 * @example Usage
 * ```ts
 * import { keepsTeam } from "./team_upkeep.ts";
 * import { equal } from "node:assert/strict";
 *
 * const member = (name: string, role: "admin" | "member", id: string, me: boolean) => ({
 *   member: id, name, role, me, devices: [{ id, name, me }],
 * });
 * const view = (me: string) => ({
 *   team: "acme", kind: "team" as const, epoch: 0, rotationPending: false,
 *   members: [member("ada", "admin", "b2", me === "b2"), member("bo", "member", "a1", me === "a1")],
 * });
 * equal(keepsTeam(view("b2")), true); // the only admin's machine
 * equal(keepsTeam(view("a1")), false); // a lower id, but not an admin's
 * ```
 */
export function keepsTeam(view: TeamView): boolean {
  return view.kind === "personal" || isKeeper(view);
}

/**
 * Whether this machine is the strand's keeper, personal or team: the admin device with the
 * lowest id (a personal strand's devices are all its owner's, an admin). It makes the strand's
 * snapshots, so there is one maker per strand.
 */
export function isKeeper(view: TeamView): boolean {
  const admins = view.members.filter((m) => m.role === "admin").flatMap((m) => m.devices);
  if (admins.length === 0) return false;
  const keeper = admins.reduce((low, d) => (d.id < low.id ? d : low));
  return keeper.me;
}
