/**
 * Where sync stands, for `helix sync status` and the MCP manifest: the relay and strand,
 * the devices of the roster, the queues (unpushed, pending, quarantined), when this device
 * last pushed and pulled, and alarms: a delta waiting longer than {@linkcode WITHHELD_AFTER_MS}
 * for a predecessor the relay does not serve raises `WITHHELD` (R21); a delta set aside because
 * it failed a check raises `TAMPER`.
 *
 * @module
 */
import { parked, quarantined, type SyncStrandRow } from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { logState, openAlarms } from "../store/queries/sync_log.ts";
import { bytesToHex } from "../crypto/_noble.ts";
import type { RosterState } from "./wire/roster_chain.ts";

/** How long a parked delta may wait for its predecessors before it raises `WITHHELD`. */
export const WITHHELD_AFTER_MS = 60 * 60 * 1000;

/** An alarm sync raised. */
export interface SyncAlarm {
  /**
   * `WITHHELD`: the relay withholds changes (a delta others depend on, or deltas of its own
   * signed log); `TAMPER`: a delta or a log head failed a check (altered, wrongly signed, of
   * an unknown author); `ROLLBACK`: the relay's log went back on what this device verified;
   * `FORK`: another device saw a relay log this device's log is not consistent with.
   */
  readonly kind: "WITHHELD" | "TAMPER" | "ROLLBACK" | "FORK";
  /** What is missing, for people. */
  readonly detail: string;
}

/** Where sync stands. */
export interface SyncStatus {
  /** Whether this strand syncs. */
  readonly synced: boolean;
  /** The strand's id on the relay. */
  readonly strandId: string | null;
  /** The relay's URL. */
  readonly relay: string | null;
  /** The witness relay's URL, or null when none is set. */
  readonly witness: string | null;
  /** The epoch this device seals under. */
  readonly epoch: number | null;
  /** This device's id, when the keys are loaded. */
  readonly device: string | null;
  /**
   * The roster's devices (null when the keys are not loaded), each with the name of the member
   * it belongs to in a team strand (null in a personal one).
   */
  readonly devices:
    | readonly { id: string; name: string; me: boolean; member: string | null }[]
    | null;
  /** When this device joined (ms). */
  readonly joinedAt: number | null;
  /** When this device last pushed (ms). */
  readonly pushedAt: number | null;
  /** When this device last pulled (ms). */
  readonly pulledAt: number | null;
  /** Sealed changes not yet acknowledged by the relay. */
  readonly unpushed: number;
  /** Received deltas waiting for what they depend on. */
  readonly pending: number;
  /** Received deltas set aside because they failed a check. */
  readonly quarantined: number;
  /** Changes applied here (this device's and others'). */
  readonly applied: number;
  /** The newest quarantined deltas, with their reasons. */
  readonly quarantine: readonly { deltaId: string; reason: string; at: number }[];
  /** Alarms. */
  readonly alarms: readonly SyncAlarm[];
  /**
   * The key (hex) this device checks the relay's signed log heads with, and whether the
   * strand's roster pins the same key (members vouched for it); null before sync.
   */
  readonly relayKey: { readonly key: string; readonly inRoster: boolean } | null;
}

/** The status of a strand from its sync row, counts and roster. */
export function syncStatus(
  strand: SyncStrandRow | null,
  counts: { unacked: number; pending: number; quarantined: number; applied: number },
  roster: RosterState | null,
  device: string | null,
  now: number,
  store: Pick<Store, "prepare">,
): SyncStatus {
  const verifiesWith = logState(store).relayKey;
  const pinned = verifiesWith === null ? null : bytesToHex(verifiesWith);
  const alarms: SyncAlarm[] = [];
  for (const row of parked(store)) {
    if (now - row.since < WITHHELD_AFTER_MS) continue;
    alarms.push({
      kind: "WITHHELD",
      detail: `delta ${row.deltaId.slice(0, 12)} waits since ${
        new Date(row.since).toISOString()
      } for ${row.missing.join(", ")}`,
    });
  }
  for (const raised of openAlarms(store)) {
    alarms.push({ kind: raised.kind as SyncAlarm["kind"], detail: raised.detail });
  }
  const setAside = quarantined(store, 5);
  for (const row of setAside) {
    alarms.push({ kind: "TAMPER", detail: `delta ${row.deltaId.slice(0, 12)}: ${row.reason}` });
  }
  return {
    synced: strand !== null,
    strandId: strand?.strandId ?? null,
    relay: strand?.relay ?? null,
    witness: strand?.witness ?? null,
    epoch: strand?.epoch ?? null,
    device,
    devices: roster?.devices.map((d) => ({
      id: d.device,
      name: d.name,
      me: d.device === device,
      member: roster.kind === "team"
        ? roster.members.find((m) => m.devices.includes(d.device))?.name ?? null
        : null,
    })) ?? null,
    joinedAt: strand?.joinedAt ?? null,
    pushedAt: strand?.pushedAt ?? null,
    pulledAt: strand?.pulledAt ?? null,
    unpushed: counts.unacked,
    pending: counts.pending,
    quarantined: counts.quarantined,
    applied: counts.applied,
    quarantine: setAside.map(({ deltaId, reason, at }) => ({ deltaId, reason, at })),
    alarms,
    relayKey: pinned === null ? null : { key: pinned, inRoster: roster?.relayKey === pinned },
  };
}
