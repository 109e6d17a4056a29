/**
 * The sync API the engine exposes (docs/sync.md): what each call takes and reports. Built by
 * `createSyncApi` in `api.ts`.
 *
 * @module
 */
import type { PairingPrompts, PairingResult } from "./pair.ts";
import type { PullProgress, PullReport } from "./pull.ts";
import type { PushProgress, PushReport } from "./push.ts";
import type { RepairReport } from "./repair.ts";
import type { SyncFingerprint } from "./verify.ts";
import type { RelayPort, WitnessPort } from "./relay_port.ts";
import type { WitnessReport } from "./witness.ts";
import type { RemovalReport } from "./rotate.ts";
import type { SyncStatus } from "./status.ts";
import type { MemberRemoval, TeamView } from "./team.ts";
import type { MemberRole } from "./wire/roster_ops.ts";
import type { SnapshotReport } from "./snapshot.ts";
import type { CompactReport } from "./compact.ts";
import type { SnapshotMark } from "../store/queries/sync_snapshot.ts";

/** What one `sync` did. */
export interface SyncReport {
  /** What the pull did. */
  readonly pull: PullReport;
  /** What the push did. */
  readonly push: PushReport;
  /** Changes sealed before the push (ops written while no keys were loaded). */
  readonly sealed: number;
  /** The exchange with the witness relay, when one is set (`syncSetWitness`). */
  readonly witness?: WitnessReport;
}

/** Progress of a sync. */
export interface SyncProgress {
  /** Called as deltas arrive. */
  readonly onPull?: PullProgress;
  /** Called as deltas are uploaded. */
  readonly onPush?: PushProgress;
}

/**
 * A team strand (docs/teams.md): members, each with their devices, admins among them. Calls
 * on an engine opened on the team's strand file.
 */
export interface TeamSyncApi {
  /**
   * Creates the team `team` on the relay with this device as its first admin, the member
   * `member` (default: this device's name). `conflict` when the strand syncs already.
   */
  teamCreate(
    relay: string | RelayPort,
    options: { team: string; member?: string; name?: string; token?: string },
  ): Promise<{ strandId: string; team: string; member: string }>;
  /**
   * Invites a person (admin only, `unauthorized` otherwise): shows a code, waits for them
   * (`teamJoin`), and adds them as a member (`role`, default `member`) with their device on
   * both people's confirmation of the safety number.
   */
  teamInvite(
    prompts: PairingPrompts & { onCode(code: string): void },
    options?: { role?: MemberRole; relay?: RelayPort },
  ): Promise<PairingResult>;
  /**
   * Joins the team a code from `teamInvite` names as member `member`, this machine named
   * `name` (default: the engine's device name), on a strand that does not sync yet;
   * `invalid_input` when the code names a personal strand.
   */
  teamJoin(
    code: string,
    prompts: PairingPrompts,
    options: { member: string; name?: string; relay?: (url: string) => RelayPort },
  ): Promise<PairingResult & { strandId?: string; team?: string }>;
  /** The members, their roles and devices (`offline`: as last seen, without asking the relay). */
  teamMembers(options?: { relay?: RelayPort; offline?: boolean }): Promise<TeamView>;
  /** Removes member `which` (id, 8+ digit prefix or name) with a new epoch (admin only). */
  teamRemove(which: string, options?: { relay?: RelayPort }): Promise<MemberRemoval>;
  /**
   * This machine's member leaves the team; the strand stops syncing here (its file stays).
   * `unauthorized` for the last admin.
   */
  teamLeave(
    options?: { relay?: RelayPort },
  ): Promise<{ team: string | null; member: string; name: string }>;
  /** Opens a new epoch for the current devices (admin only): ends a pending rotation. */
  teamRotate(options?: { relay?: RelayPort }): Promise<{ epoch: number; remaining: number }>;
  /** Makes member `which` an admin or a member (admin only; never the last admin down). */
  teamSetRole(
    which: string,
    role: MemberRole,
    options?: { relay?: RelayPort },
  ): Promise<{ member: string; name: string; role: MemberRole }>;
}

/** Syncing this strand with the user's other devices (and, for a team strand, members). */
export interface SyncApi extends TeamSyncApi {
  /** Where sync stands: the relay, devices, queues and alarms. */
  syncStatus(): SyncStatus;
  /**
   * Starts sync on this first device: creates the strand on the relay (`relay` is its URL or
   * a port) and queues every op already here for upload. `conflict` when the strand syncs.
   */
  syncInit(
    relay: string | RelayPort,
    options?: { name?: string; token?: string },
  ): Promise<{ strandId: string }>;
  /** Adds a device: shows a code, waits for it, and adds it on the person's confirmation. */
  syncInvite(
    prompts: PairingPrompts & { onCode(code: string): void },
    options?: { name?: string; relay?: RelayPort },
  ): Promise<PairingResult>;
  /** Joins the strand a code from `syncInvite` names, on the person's confirmation. */
  syncJoin(
    code: string,
    prompts: PairingPrompts,
    options?: { name?: string; relay?: (url: string) => RelayPort },
  ): Promise<PairingResult & { strandId?: string }>;
  /**
   * Pulls, then pushes, then (with a witness set) leaves this device's statement of the log
   * head it verified at the witness and checks the other devices' statements.
   */
  sync(
    options?: SyncProgress & { relay?: RelayPort; witness?: WitnessPort },
  ): Promise<SyncReport>;
  /**
   * Removes a device (`which`: its id, an id prefix of 8+ digits, or its name) with a new
   * epoch whose key only the remaining devices get (R29): it can no longer read or add
   * anything. `invalid_input` for this device itself, `conflict` when the roster moved.
   */
  syncRemoveDevice(which: string, options?: { relay?: RelayPort }): Promise<RemovalReport>;
  /**
   * Adds a recovery device to the roster and returns its 24-word phrase, to write down: shown
   * once, kept nowhere. With it, `syncRecover` on a new machine gets the strand back when every
   * machine is lost. `conflict` when the strand has one (remove the device `recovery` first).
   */
  syncRecoveryPhrase(
    options?: { relay?: RelayPort },
  ): Promise<{ phrase: string; strandId: string; relay: string }>;
  /**
   * Adds this machine to the strand `strandId` at `relay` with its recovery `phrase`, then
   * syncs like a paired machine. `invalid_input` for a malformed phrase, `unauthorized` for a
   * phrase the strand does not hold; nothing is uploaded then.
   */
  syncRecover(
    phrase: string,
    options: { relay: string | RelayPort; strandId: string; name?: string },
  ): Promise<{ strandId: string; devices: number }>;
  /**
   * Sets the witness relay (R22) every device of the strand should set alike, or clears it
   * with null. `invalid_input` for a URL that is not http(s).
   */
  syncSetWitness(url: string | null): void;
  /** Pulls the relay's new deltas. */
  syncPull(options?: { relay?: RelayPort; onProgress?: PullProgress }): Promise<PullReport>;
  /**
   * Uploads the roster and every change this device sealed again (no-ops for what the relay
   * has): heals a relay that lost data. Run it on every device.
   */
  syncRepair(
    options?: { relay?: RelayPort; onProgress?: (done: number, total: number) => void },
  ): Promise<RepairReport>;
  /**
   * A short fingerprint of this machine's state in the synced strand, to compare with the
   * other machines after each has synced: equal fingerprints, same memories.
   */
  syncFingerprint(): SyncFingerprint;
  /**
   * Syncs, then makes a snapshot of the strand as this device holds it (R28: its ops, the
   * changes they came in, the relay log position covered), signed by this device, sealed
   * under the current epoch, and uploads it: a device that joins later starts from it and
   * pulls only the deltas after it. `conflict` when changes still wait after the sync.
   */
  syncSnapshot(options?: { relay?: RelayPort }): Promise<SnapshotReport>;
  /** The last snapshot this device made or started from, or null. */
  syncSnapshotMark(): SnapshotMark | null;
  /**
   * Syncs, then compacts the relay's log through the strand's latest snapshot (R28): when
   * every current device has acknowledged its frontier, signs a GC marker and the relay drops
   * the covered deltas' bytes; otherwise sends nothing and names the pending devices.
   * `unauthorized` on a device that is not an admin's; `not_found` without a snapshot.
   */
  syncCompact(options?: { relay?: RelayPort }): Promise<CompactReport>;
  /** Pushes this device's queued deltas (sealing any not yet sealed first). */
  syncPush(
    options?: { relay?: RelayPort; onProgress?: PushProgress },
  ): Promise<PushReport & { sealed: number }>;
}
