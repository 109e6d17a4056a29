/**
 * T12 (wrong key and recovery, R4) through the real relay, in process and as a relay process:
 * a recovery phrase gets a strand back on a new machine when every machine is lost; a wrong or
 * malformed phrase is refused before anything is uploaded; removing the recovery device
 * rotates the epoch and the old phrase stops working.
 */
import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { isHelixError } from "@helix/core";
import { newRecoveryPhrase } from "../core/crypto/recovery_phrase.ts";
import { openDevice, VIAS, world } from "./fixtures/adversary_world.ts";

for (const via of VIAS) {
  Deno.test(`T12 recovery (${via}): the phrase brings the strand back; a wrong one is refused; revoking it rotates`, async () => {
    const w = await world(via);
    const opened = [];
    try {
      const { a, b, relay } = w;
      const made = await a.syncRecoveryPhrase({ relay });
      equal(made.phrase.split(" ").length, 24);
      equal(made.strandId, a.syncStatus().strandId);
      ok(a.syncStatus().devices?.some((d) => d.name === "recovery"));
      await rejects(a.syncRecoveryPhrase({ relay }), (e) => isHelixError(e, "conflict"));
      await a.write({ content: "The signing keys live in the office safe, envelope 3." });
      await a.sync({ relay });
      await b.sync({ relay });
      const rosterBefore = (await relay.roster(made.strandId, 0)).length;

      // Every machine is lost. A new one with a wrong or a malformed phrase gets nothing.
      const fresh = await openDevice(w.dir, "new", w.clock);
      opened.push(fresh);
      const other = newRecoveryPhrase().phrase;
      await rejects(
        fresh.syncRecover(other, { relay, strandId: made.strandId }),
        (e) => isHelixError(e, "unauthorized"),
      );
      const typo = made.phrase.split(" ").map((word, i) => i === 5 ? "zzzz" : word).join(" ");
      await rejects(
        fresh.syncRecover(typo, { relay, strandId: made.strandId }),
        (e) => isHelixError(e, "invalid_input") && /Word 6/.test(e.message),
      );
      equal((await relay.roster(made.strandId, 0)).length, rosterBefore, "nothing uploaded");
      equal(fresh.syncStatus().synced, false);

      // The right phrase, written down in capitals on paper, with line breaks.
      const written = made.phrase.toUpperCase().replace(/ (\S+ \S+ \S+ \S+ \S+ \S+) /g, "\n$1\n");
      const recovered = await fresh.syncRecover(written, { relay, strandId: made.strandId });
      equal(recovered.devices, 4);
      await fresh.sync({ relay });
      equal(fresh.stateHash(), a.stateHash());
      const found = await fresh.search({ query: "where are the signing keys", limit: 3 });
      match(found.hits[0]?.memory.content ?? "", /office safe/);

      // The phrase leaked: remove the recovery device; the epoch rotates, the phrase is dead.
      const removal = await a.syncRemoveDevice("recovery", { relay });
      equal(removal.removed.name, "recovery");
      const late = await openDevice(w.dir, "late", w.clock);
      opened.push(late);
      await rejects(
        late.syncRecover(made.phrase, { relay, strandId: made.strandId }),
        (e) => isHelixError(e, "unauthorized"),
      );
      await fresh.sync({ relay });
      await a.sync({ relay });
      deepEqual(fresh.syncStatus().alarms, []);
      equal(fresh.stateHash(), a.stateHash());
    } finally {
      for (const e of opened) e.close();
      await w.close();
    }
  });
}
