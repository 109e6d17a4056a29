/**
 * An in-process relay for unit tests of the sync client: the routes' semantics over maps
 * (dedupe by delta id, roster compare-and-swap by `prev`, rendezvous slots). The real relay
 * (`relay/`) is tested over HTTP; this one only lets client logic be tested fast.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { sha256Hex } from "../util/hash.ts";
import type { RelayPort, RelayRecord } from "./relay_port.ts";
import { readRosterOuter } from "./wire/roster_outer.ts";

/** A relay in memory, with its stored deltas exposed for tests. */
export function memoryRelay(url = "http://relay.test"): RelayPort & {
  deltas: Map<string, RelayRecord[]>;
} {
  const rosters = new Map<string, Uint8Array[]>();
  const deltas = new Map<string, RelayRecord[]>();
  const slots = new Map<string, Uint8Array>();
  const known = (strandId: string) => {
    const roster = rosters.get(strandId);
    if (!roster) throw new HelixError("not_found", `no strand ${strandId}`);
    return roster;
  };
  return {
    url,
    deltas,
    createStrand(strandId, genesis) {
      if (rosters.has(strandId)) return Promise.reject(new HelixError("conflict", "exists"));
      rosters.set(strandId, [genesis]);
      deltas.set(strandId, []);
      return Promise.resolve();
    },
    roster(strandId, after) {
      return Promise.resolve(
        known(strandId).slice(after).map((bytes, i) => ({ seq: after + i + 1, bytes })),
      );
    },
    appendRoster(strandId, entry) {
      const roster = known(strandId);
      const head = sha256Hex(roster[roster.length - 1]!);
      if (readRosterOuter(entry).prev !== head) {
        return Promise.resolve({ ok: false as const, headSeq: roster.length });
      }
      roster.push(entry);
      return Promise.resolve({ ok: true as const, seq: roster.length });
    },
    push(strandId, delta) {
      known(strandId);
      const list = deltas.get(strandId)!;
      const id = sha256Hex(delta);
      const found = list.find((r) => sha256Hex(r.bytes) === id);
      if (found) return Promise.resolve({ seq: found.seq, duplicate: true });
      const seq = list.length + 1;
      list.push({ seq, bytes: delta });
      return Promise.resolve({ seq, duplicate: false });
    },
    pull(strandId, after, limit) {
      known(strandId);
      const list = deltas.get(strandId)!.filter((r) => r.seq > after);
      return Promise.resolve({
        records: list.slice(0, limit),
        more: list.length > limit,
        head: null,
      });
    },
    relayKey: () => Promise.resolve(null),
    consistency: () => Promise.resolve(null),
    leave(rendezvous, slot, bytes) {
      slots.set(`${rendezvous}/${slot}`, bytes);
      return Promise.resolve();
    },
    collect(rendezvous, slot) {
      return Promise.resolve(slots.get(`${rendezvous}/${slot}`) ?? null);
    },
  };
}
