/**
 * The team slice of the sync API (docs/teams.md, `TeamSyncApi` in `api_types.ts`): create a
 * team strand, invite and join members by the pairing exchange, list members, remove, leave,
 * rotate and set roles. Built by `createSyncApi` with the steps it shares with personal sync.
 *
 * @module
 */
import { heardFrom } from "../store/queries/sync_heard.ts";
import { HelixError } from "../errors.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import { initSync } from "./init.ts";
import type { Keyring } from "./keyring.ts";
import { invite, join } from "./pair.ts";
import { httpRelay } from "./relay_http.ts";
import type { RelayPort } from "./relay_port.ts";
import { localRoster } from "./roster.ts";
import { assertAllowed } from "./roster_check.ts";
import { adoptEpoch } from "./rotate.ts";
import { leaveTeam, removeMember, rotateTeam, setMemberRole, teamView } from "./team.ts";
import type { TeamSyncApi } from "./api_types.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { memberOf } from "./wire/roster_members.ts";
import { teamNameProblem } from "../config/teams.ts";

/** The steps `createSyncApi` shares with the team calls. */
export interface SyncSteps {
  readonly deps: SyncDeps & { deviceName: string };
  needKeys(action: string): SyncKeys;
  needStrand(action: string): { strandId: string; relay: string };
  ring(action: string): Keyring;
  /** Opens the keyring again on next use (a new epoch was kept). */
  forgetKeys(): void;
  /** This device now syncs: fresh keys, its ops sealed, the outbox seal installed. */
  entered(): void;
  /** Pins the key the relay signs with in the roster. */
  pinServedKey(strandId: string, keys: SyncKeys, port: RelayPort): Promise<void>;
  /** The strand's keys and relay, and the roster brought up to date. */
  connect(
    action: string,
    relay?: RelayPort,
  ): Promise<{ keys: SyncKeys; port: RelayPort; roster: RosterState }>;
}

/** The team calls over the shared steps. */
export function createTeamApi(steps: SyncSteps): TeamSyncApi {
  const { deps } = steps;
  const { store } = deps;
  /** The connection and what a membership change works with. */
  const change = async (action: string, relay?: RelayPort) => {
    const connection = await steps.connect(action, relay);
    const { strandId } = steps.needStrand(action);
    if (connection.roster.kind !== "team") {
      throw new HelixError("invalid_input", `Cannot ${action}: this strand is not a team's`);
    }
    return {
      ...connection,
      input: {
        strandId,
        keys: connection.keys,
        keyring: steps.ring(action),
        relay: connection.port,
      },
    };
  };
  /** The roster changed this device's epoch: keep the new key and seal under it. */
  const settle = (action: string) => {
    steps.forgetKeys();
    const { strandId } = steps.needStrand(action);
    const keys = steps.needKeys(action);
    adoptEpoch(store, localRoster(store, strandId, steps.ring(action)), steps.ring(action), keys);
  };

  return {
    async teamCreate(relay, options) {
      const problem = teamNameProblem(options.team);
      if (problem !== null) throw new HelixError("invalid_input", problem);
      const keys = steps.needKeys("create a team");
      const port = typeof relay === "string"
        ? httpRelay(relay, options.token ? { token: options.token } : {})
        : relay;
      const member = options.member ?? deps.deviceName;
      const { strandId } = await initSync(deps, keys, port, options.name ?? deps.deviceName, {
        name: options.team,
        member,
      });
      steps.entered();
      await steps.pinServedKey(strandId, keys, port);
      return { strandId, team: options.team, member };
    },
    async teamInvite(prompts, options = {}) {
      const action = "invite a member";
      const { keys, port, roster, input } = await change(action, options.relay);
      const me = keys.device.fingerprint;
      const role = options.role ?? "member";
      if (memberOf(roster, me)?.role !== "admin") {
        throw new HelixError("unauthorized", `Cannot ${action}: only an admin of the team can`);
      }
      return await invite(deps, keys, input.keyring, port, memberOf(roster, me)!.name, prompts, {
        op: (joiner, peer) => ({
          kind: "add_member",
          member: joiner.device,
          name: peer.member ?? joiner.name,
          role,
          device: joiner,
        }),
        check: (state, op) => assertAllowed(state, op, me, action),
        again: "helix team invite",
      });
    },
    async teamJoin(code, prompts, options) {
      const keys = steps.needKeys("join the team");
      const result = await join(
        deps,
        keys,
        options.relay ?? ((url) => httpRelay(url)),
        code,
        options.name ?? deps.deviceName,
        prompts,
        options.member,
      );
      if (!result.paired) return result;
      steps.entered();
      const { strandId } = steps.needStrand("join the team");
      const roster = localRoster(store, strandId, steps.ring("join the team"));
      if (roster.kind !== "team" || roster.team === null) {
        throw new HelixError(
          "invalid_input",
          "Cannot join the team: the code is for a personal strand (use `helix sync join`)",
        );
      }
      return { ...result, team: roster.team };
    },
    async teamMembers(options = {}) {
      const action = "list the members";
      const keys = steps.needKeys(action);
      if (options.offline) {
        const { strandId } = steps.needStrand(action);
        const roster = localRoster(store, strandId, steps.ring(action));
        return teamView(roster, keys.device.fingerprint, heardFrom(store, keys.device.fingerprint));
      }
      const { roster } = await steps.connect(action, options.relay);
      return teamView(roster, keys.device.fingerprint, heardFrom(store, keys.device.fingerprint));
    },
    async teamRemove(which, options = {}) {
      const { input } = await change("remove a member", options.relay);
      const report = await removeMember(store, { ...input, which });
      settle("remove a member");
      return report;
    },
    async teamLeave(options = {}) {
      const { input, roster } = await change("leave the team", options.relay);
      const left = await leaveTeam(store, input);
      return { team: roster.team, ...left };
    },
    async teamRotate(options = {}) {
      const { input } = await change("rotate the key", options.relay);
      const report = await rotateTeam(store, input);
      settle("rotate the key");
      return report;
    },
    async teamSetRole(which, role, options = {}) {
      const { input } = await change("set a role", options.relay);
      return await setMemberRole(store, { ...input, which, role });
    },
  };
}
