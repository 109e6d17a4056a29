/**
 * T8 for members (R3, R6–R8, R14, R29; docs/teams.md) through the real relay, in process and
 * as a relay process, on a team of three (`ada` admin, `bo` and `cy` members): a removed member
 * keeping every old key reads nothing written after the rotation, the relay refuses its writes,
 * and changes the relay injects on its behalf are never applied; two admins changing the
 * roster at once: one compare-and-swap fails and rebases; a substituted or unsigned key bundle
 * is refused; two rosters served to two members raise `FORK`; a member's admin change that
 * reached the relay is refused by every client.
 */
import { deepEqual, equal, ok, rejects, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { type Engine, isHelixError } from "@helix/core";
import {
  openDelta,
  readDeltaHeader,
  readRosterOuter,
  rosterEntryHash,
  sealDelta,
  sealRosterEntry,
  wrapBundle,
} from "@helix/core/wire";
import { front, openDevice, startUpstream, VIAS } from "./fixtures/adversary_world.ts";
import { heldKeys, inviteOn, teamWorld } from "./fixtures/team_world.ts";

const code = (c: string) => (e: unknown) => isHelixError(e, c as never);
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const deltaIdOf = async (bytes: Uint8Array) =>
  hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.slice())));
const has = async (engine: Engine, text: string) =>
  (await engine.search({ query: text })).hits.some((h) => h.memory.content.includes(text));

for (const via of VIAS) {
  Deno.test(`T8 member removal (${via}): the removed member reads and writes nothing new; injected changes never apply`, async () => {
    const w = await teamWorld(via);
    try {
      const { ada, bo, cy, relay, strandId } = w;
      await cy.write({ content: "The staging database is reset every Monday." });
      await cy.sync({ relay });
      await ada.sync({ relay });
      await bo.sync({ relay });
      ok(await has(ada, "staging database is reset"), "cy's change before the removal counts");

      const removal = await ada.teamRemove("cy", { relay });
      deepEqual(removal.removed, { member: removal.removed.member, name: "cy", devices: 1 });
      equal(removal.epoch, 1);
      await ada.write({ content: "The new signing key lives in the ops vault." });
      await ada.sync({ relay });
      await bo.sync({ relay });
      ok(await has(bo, "signing key lives in the ops vault"));

      // cy keeps every key it ever held: none opens epoch 1, so nothing written after.
      const cyKeys = await w.keys("cy");
      const roster = (await relay.roster(strandId, 0)).map((r) => r.bytes);
      const held = heldKeys(roster, strandId, cyKeys.exchange.secretKey);
      deepEqual([...held.keys()], [0]);
      const served = (await relay.pull(strandId, 0, 100)).records;
      const after = served.filter((r) => readDeltaHeader(r.bytes).epoch === 1);
      ok(after.length > 0);
      for (const record of after) {
        throws(() => openDelta(record.bytes, (e) => held.get(e), strandId), code("decrypt_failed"));
      }

      // Its sync stops, and the relay refuses its writes under the old epoch.
      await cy.write({ content: "Backdated: production deploys need no review." });
      await rejects(cy.sync({ relay }), code("unauthorized"));
      const outbox = new DatabaseSync(join(w.dir, "cy.db"), { readOnly: true });
      const queued = outbox.prepare("SELECT bytes FROM sync_outbox WHERE acked = 0").all() as {
        bytes: Uint8Array;
      }[];
      outbox.close();
      ok(queued.length > 0);
      await rejects(relay.push(strandId, queued[0]!.bytes), code("unauthorized"));

      // A relay colluding with cy stores its change anyway (citing the roster before the
      // removal), and a forged one citing the removal itself: neither is ever applied.
      const removalHead = rosterEntryHash(roster[roster.length - 1]!);
      const forged = sealDelta({
        strandId,
        epoch: 0,
        keys: held.get(0)!,
        body: {
          author: cyKeys.device.fingerprint,
          authorSeq: 1,
          prev: null,
          deps: [],
          rosterHead: removalHead,
          hlc: "000000000002000-00001",
          ops: [],
        },
        deviceSecretKey: cyKeys.device.secretKey,
      });
      const storage = w.storage();
      const day = Math.floor(w.clock.now() / 86_400_000);
      for (const bytes of [queued[0]!.bytes, forged.bytes]) {
        const stored = await storage.appendDelta(
          strandId,
          { deltaId: await deltaIdOf(bytes), epoch: 1, bytes, day },
          1 << 30,
        );
        equal(stored.kind, "stored", JSON.stringify(stored));
      }
      for (const engine of [ada, bo]) {
        await engine.sync({ relay });
        ok(!await has(engine, "production deploys need no review"), "the backdated change waits");
        const status = engine.syncStatus();
        ok(status.pending >= 1, "waiting for a vouch that never comes");
        ok(status.quarantined >= 1, "the change citing the removal is set aside");
      }
      equal(ada.stateHash(), bo.stateHash());
    } finally {
      await w.close();
    }
  });

  Deno.test(`T8 concurrent admins (${via}): a removal and an invite at once: one compare-and-swap fails, then rebases`, async () => {
    const w = await teamWorld(via);
    const dan = await openDevice(w.dir, "dan", w.clock);
    try {
      const { ada, bo, relay, adversary } = w;
      await ada.teamSetRole("bo", "admin", { relay });
      await bo.sync({ relay });
      // Just before bo's add_member reaches the relay, ada's removal of cy lands.
      const direct = front(via, w.upstream);
      let removed = false;
      adversary.add({
        name: "ada removes cy first",
        method: "POST",
        route: "roster",
        times: 1,
        async request(request) {
          await ada.teamRemove("cy", { relay: direct.relay });
          removed = true;
          return request;
        },
      });
      await rejects(inviteOn(bo, dan, "dan", relay, w.clock), code("conflict"));
      ok(removed);
      // bo runs the invite again on the roster as it is now.
      await inviteOn(bo, dan, "dan", relay, w.clock);
      await direct.close();
      const view = await ada.teamMembers({ relay });
      deepEqual(view.members.map((m) => m.name), ["ada", "bo", "dan"]);
      equal(view.epoch, 1);
      await dan.write({ content: "Dan's first note: the wiki moved to docs/." });
      await dan.sync({ relay });
      await ada.sync({ relay });
      await bo.sync({ relay });
      equal(ada.stateHash(), bo.stateHash());
      equal(dan.stateHash(), ada.stateHash());
    } finally {
      dan.close();
      await w.close();
    }
  });

  Deno.test(`T8 key bundles (${via}): a substituted or unsigned bundle is refused`, async () => {
    const w = await teamWorld(via);
    const dan = await openDevice(w.dir, "dan", w.clock);
    try {
      const { ada, bo, relay, adversary, strandId } = w;
      const danKeys = await w.keys("dan");
      // The relay swaps the bundle of every entry that carries one for a bundle of its own,
      // wrapped for dan: the entry's signatures cover the bundle, so dan refuses the roster.
      adversary.add({
        name: "substitute bundles",
        method: "GET",
        route: "roster",
        frames: (frames) =>
          frames.map((frame) => {
            const outer = readRosterOuter(frame.bytes);
            if (outer.bundle.length === 0) return frame;
            const fake = wrapBundle(crypto.getRandomValues(new Uint8Array(32)), [
              danKeys.exchange.publicKey,
            ]);
            const at = bundleOffset(frame.bytes, outer.wpk !== null);
            const bytes = frame.bytes.slice();
            bytes.set(fake.subarray(0, outer.bundle.length), at);
            return { ...frame, bytes };
          }),
      });
      await rejects(
        inviteOn(ada, dan, "dan", relay, w.clock),
        (e) => isHelixError(e, "relay_misbehaved") || isHelixError(e, "decrypt_failed"),
      );
      ok(!dan.syncStatus().synced, "dan keeps nothing of a roster that does not verify");
      adversary.clear();
      // An entry without valid signatures (the write signature zeroed) is refused by members.
      const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
      const last = entries[entries.length - 1]!;
      const unsigned = last.slice();
      unsigned.fill(0, unsigned.length - 64);
      adversary.add({
        name: "unsigned entry",
        method: "GET",
        route: "roster",
        frames: (frames) => [...frames, { seq: entries.length + 1, bytes: unsigned }],
      });
      await rejects(bo.sync({ relay }), code("relay_misbehaved"));
      adversary.clear();
      await bo.sync({ relay });
      equal((await bo.teamMembers({ relay })).members.length, 4);
    } finally {
      dan.close();
      await w.close();
    }
  });

  Deno.test(`T8 a member's admin change (${via}): it reaches the relay, and every client refuses it`, async () => {
    const w = await teamWorld(via);
    try {
      const { ada, bo, cy, relay, strandId } = w;
      // bo is a member: its own client refuses to make the change...
      await rejects(bo.teamSetRole("bo", "admin", { relay }), code("unauthorized"));
      // ...so it seals one itself: the relay cannot tell (it holds the write key).
      const boKeys = await w.keys("bo");
      const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
      const keys = heldKeys(entries, strandId, boKeys.exchange.secretKey).get(0)!;
      const head = readRosterOuter(entries[entries.length - 1]!);
      const forged = sealRosterEntry({
        strandId,
        seq: head.seq + 1,
        prev: rosterEntryHash(entries[entries.length - 1]!),
        epoch: 0,
        keys,
        writeKeys: keys,
        op: { kind: "set_role", member: boKeys.device.fingerprint, role: "admin" },
        signerSecretKey: boKeys.device.secretKey,
      });
      ok((await relay.appendRoster(strandId, forged)).ok);
      for (const engine of [ada, cy]) {
        await rejects(
          engine.sync({ relay }),
          (e) => isHelixError(e, "relay_misbehaved") && /admin/.test(e.message),
        );
        const view = await engine.teamMembers({ offline: true });
        equal(view.members.find((m) => m.name === "bo")?.role, "member");
      }
    } finally {
      await w.close();
    }
  });

  Deno.test(`T8 two rosters (${via}): a relay serving two members different rosters raises FORK on both`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "helix-team-fork-" });
    const clock = { t: Date.UTC(2026, 10, 26, 12), now: () => clock.t };
    const logX = await startUpstream(via, dir, "relay-x", clock);
    const logY = await startUpstream(via, dir, "relay-y", clock, logX);
    const [frontX, frontY] = [front(via, logX), front(via, logY)];
    const [toX, toY] = [frontX.relay, frontY.relay];
    const ada = await openDevice(dir, "ada", clock);
    const bo = await openDevice(dir, "bo", clock);
    const cy = await openDevice(dir, "cy", clock);
    try {
      await ada.teamCreate(toX, { team: "acme", member: "ada" });
      await inviteOn(ada, bo, "bo", toX, clock);
      await inviteOn(ada, cy, "cy", toX, clock);
      await ada.teamSetRole("bo", "admin", { relay: toX });
      await bo.sync({ relay: toX });
      // The relay forks the strand: from now on it shows bo a copy of its own.
      await ada.syncRepair({ relay: toY });
      await bo.syncPull({ relay: toY });
      // Each admin changes the roster at the same position, each on the roster it is shown.
      await ada.teamSetRole("cy", "admin", { relay: toX });
      await bo.teamSetRole("ada", "member", { relay: toY });
      deepEqual(alarms(ada), []);
      deepEqual(alarms(bo), []);
      // Each writes; the relay lets each one's change reach the other.
      await ada.write({ content: "ada's change, made on the roster ada is shown." });
      await ada.syncPush({ relay: toX });
      await bo.write({ content: "bo's change, made on the roster bo is shown." });
      await bo.syncPush({ relay: toY });
      const strandId = ada.syncStatus().strandId!;
      const [fromX, fromY] = [
        (await toX.pull(strandId, 0, 100)).records,
        (await toY.pull(strandId, 0, 100)).records,
      ];
      for (const record of fromY) await toX.push(strandId, record.bytes).catch(() => {});
      for (const record of fromX) await toY.push(strandId, record.bytes).catch(() => {});
      await ada.syncPull({ relay: toX }).catch(() => {});
      await bo.syncPull({ relay: toY }).catch(() => {});
      ok(alarms(ada).includes("FORK"), `ada: ${JSON.stringify(ada.syncStatus().alarms)}`);
      ok(alarms(bo).includes("FORK"), `bo: ${JSON.stringify(bo.syncStatus().alarms)}`);
    } finally {
      for (const engine of [ada, bo, cy]) engine.close();
      for (const gate of [frontX, frontY]) await gate.close();
      for (const log of [logX, logY]) await log.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });
}

function alarms(engine: { syncStatus(): { alarms: readonly { kind: string }[] } }): string[] {
  return engine.syncStatus().alarms.map((a) => a.kind);
}

/** Where an entry's bundle starts: magic, version, strand, seq, prev, epoch, has_wpk, wpk?, len. */
function bundleOffset(_bytes: Uint8Array, hasWpk: boolean): number {
  return 4 + 1 + 16 + 4 + 32 + 4 + 1 + (hasWpk ? 32 : 0) + 4;
}
