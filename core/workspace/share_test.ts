import { deepEqual, equal, ok } from "node:assert/strict";
import { openEngine } from "../engine.ts";
import { moveProjectMemories } from "./share.ts";

Deno.test("moveProjectMemories() creates copies naming their origin, then forgets the originals; a rerun moves nothing twice", async () => {
  const personal = openEngine({ path: ":memory:", project: "billing" });
  const team = openEngine({ path: ":memory:", project: "billing" });
  const kept = await personal.write({
    content: "I prefer terse commit messages.",
    type: "preference",
  });
  const other = await personal.write({ content: "Web uses Vite.", scope: "project:web" });
  const a = await personal.write({
    content: "Billing amounts are integer cents.",
    type: "convention",
  });
  const b = await personal.write({ content: "Billing invoices are numbered per year." });

  const first = await moveProjectMemories(personal, team, "project:billing");
  deepEqual(first, { scope: "project:billing", moved: 2, alreadyMoved: 0, forgotten: 2 });
  const copies = team.list({ scope: "project:billing" }).items;
  deepEqual(
    copies.map((m) => (m.attributes.movedFrom as { id: string }).id).sort(),
    [a.id, b.id].sort(),
  );
  const copy = copies.find((m) => m.content === "Billing amounts are integer cents.")!;
  equal(copy.type, "convention");
  equal(copy.importance, a.memory.importance);
  equal(copy.provenance[0]?.ref, `personal:${a.id}`);
  equal(personal.get(a.id).status, "forgotten");
  equal(personal.get(kept.id).status, "active");
  equal(personal.get(other.id).status, "active");
  // History shows both halves: a put in the team strand, a forget (no purge) in the personal one.
  ok(team.history({ id: copy.id }).some((h) => h.kind === "memory.put"));
  ok(personal.history({ id: a.id }).some((h) => h.kind === "memory.forget"));

  deepEqual(await moveProjectMemories(personal, team, "project:billing"), {
    scope: "project:billing",
    moved: 0,
    alreadyMoved: 0,
    forgotten: 0,
  });
  // Stopped between the copy and the forget: the rerun only forgets.
  await personal.patch(b.id, { status: "active" });
  deepEqual(await moveProjectMemories(personal, team, "project:billing"), {
    scope: "project:billing",
    moved: 0,
    alreadyMoved: 1,
    forgotten: 1,
  });
  equal(team.list({ scope: "project:billing" }).items.length, 2);
  personal.close();
  team.close();
});
