import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { copyFileSync, existsSync } from "node:fs";
import { type Engine, fixedClock, type ImportRecord, isHelixError, openEngine } from "../mod.ts";
import { tempDir, TODAY } from "../../tests/helpers.ts";

/** Sixty memories (some without ids) and ten edges between them. */
function records(): ImportRecord[] {
  const memories: ImportRecord[] = Array.from({ length: 60 }, (_, i) => ({
    kind: "memory" as const,
    ...(i % 4 === 3 ? {} : { id: `mem_imported_${i}` }),
    content: `Imported note ${i}: the cache for service ${i} expires after ${i + 1} minutes.`,
    tags: ["imported"],
  }));
  const edges: ImportRecord[] = Array.from({ length: 10 }, (_, i) => ({
    kind: "edge" as const,
    from: `mem_imported_${i * 4}`,
    to: `mem_imported_${i * 4 + 1}`,
    relation: "related_to" as const,
  }));
  return [...memories, ...edges];
}

function opSeqnos(engine: Engine, content: RegExp): number[] {
  return engine.history({ limit: 10_000 })
    .flatMap((op) =>
      op.kind === "memory.put" && content.test((op.payload as { content?: string }).content ?? "")
        ? [op.seq]
        : []
    );
}

Deno.test("an import in chunks lets another connection's writes in between its transactions", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const clock = fixedClock(TODAY);
  const importer = openEngine({ path, clock, project: "p" });
  const writer = openEngine({ path, clock, project: "p" }); // a second connection to the file
  const writes: Promise<unknown>[] = [];
  try {
    // Transactions hold at most 10 records (fewer if 10 took longer than ~50 ms).
    const chunks: number[] = [];
    const result = await importer.importRecords(records(), (p) => {
      if (p.phase !== "store") return;
      chunks.push(p.done);
      // Between two transactions of the import: the other connection takes the lock.
      if (p.done < p.total) writes.push(writer.write({ content: `Agent note ${p.done}.` }));
    }, { chunkSize: 10 });
    equal(result.memories, 60);
    equal(result.edges, 10);
    ok(chunks.length >= 7 && chunks.every((done, i) => done - (chunks[i - 1] ?? 0) <= 10));
    const written = await Promise.all(writes);
    equal(written.length, chunks.length - 1, "every write succeeded");

    // Each write landed right after the transaction it followed, not after the import: as
    // many imported memories come before it as that transaction had stored.
    const imported = opSeqnos(importer, /^Imported note/);
    for (const op of importer.history({ limit: 10_000 })) {
      const note = /^Agent note (\d+)\.$/.exec((op.payload as { content?: string }).content ?? "");
      if (op.kind !== "memory.put" || !note) continue;
      equal(imported.filter((s) => s < op.seq).length, Math.min(60, Number(note[1])));
    }
    deepEqual(importer.stats().unfinished, []);
    ok(importer.rebuild().identical);
  } finally {
    writer.close();
    importer.close();
  }
});

Deno.test("an import stopped after some chunks is reported, and running it again finishes it with a clean import's state", async () => {
  await using dir = await tempDir();
  const base = join(dir.path, "base.db");
  const clock = fixedClock(TODAY);
  const seed = openEngine({ path: base, clock, project: "p" });
  await seed.write({ content: "Already here before the import." });
  seed.close();
  ok(!existsSync(`${base}-wal`));
  // Two copies of one strand (one device): a clean import in one, an interrupted one in the other.
  const cleanPath = join(dir.path, "clean.db");
  const resumedPath = join(dir.path, "resumed.db");
  copyFileSync(base, cleanPath);
  copyFileSync(base, resumedPath);

  const clean = openEngine({ path: cleanPath, clock, project: "p" });
  await clean.importRecords(records(), undefined, { chunkSize: 10 });
  const cleanState = clean.stateHash();
  clean.close();

  let engine = openEngine({ path: resumedPath, clock, project: "p" });
  const crash = new Error("the process died");
  let commits = 0;
  let stored = 0;
  await rejects(
    engine.importRecords(records(), (p) => {
      if (p.phase !== "store" || ++commits < 3) return;
      stored = p.done;
      throw crash;
    }, { chunkSize: 10, label: "notes.jsonl" }),
    (error) => error === crash || (error as Error).cause === crash,
  );
  engine.close();

  engine = openEngine({ path: resumedPath, clock, project: "p" });
  try {
    const [run] = engine.stats().unfinished;
    equal(run?.kind, "import");
    equal(run?.label, "notes.jsonl");
    equal(run?.done, stored);
    ok(stored > 0 && stored <= 30);
    equal(run?.total, 70);
    const inspection = await engine.inspect();
    ok(inspection.ok, "the strand is sound: every transaction was whole");
    const check = inspection.checks.find((c) => c.name === "transfers")!;
    equal(check.ok, false);
    equal(check.severity, "warning");
    match(check.detail, new RegExp(`notes\\.jsonl stopped at ${stored} of 70 records`));

    const again = await engine.importRecords(records(), undefined, {
      chunkSize: 10,
      label: "notes.jsonl",
    });
    equal(again.resumed, true);
    equal(again.skipped.length, stored, "what the first run wrote is skipped");
    equal(again.memories, 60 - stored);
    deepEqual(engine.stats().unfinished, []);
    equal(engine.stateHash(), cleanState);
  } finally {
    engine.close();
  }
});

Deno.test("re-importing the same records changes nothing; a record that differs is refused unless skipped", async () => {
  await using dir = await tempDir();
  const engine = openEngine({ path: join(dir.path, "s.db"), clock: fixedClock(TODAY) });
  try {
    const first = await engine.importRecords(records());
    const state = engine.stateHash();
    const ops = engine.stats().ops;
    const again = await engine.importRecords(records());
    equal(again.memories, 0);
    equal(again.edges, 0);
    equal(again.skipped.length, 60, "id-less records find the memories the first run wrote");
    deepEqual(again.ids, first.ids);
    equal(again.resumed, false);
    equal(engine.stateHash(), state);
    equal(engine.stats().ops, ops);

    const changed = records();
    changed[5] = { ...changed[5]!, content: "Imported note 5, edited." } as ImportRecord;
    await rejects(engine.importRecords(changed), (error) => {
      ok(isHelixError(error, "conflict"));
      equal(error.details?.index, 5);
      equal(error.details?.differs, "content");
      match(error.message, /records\[5\]\.id: a memory with id "mem_imported_5" already exists/);
      match(error.message, /onExisting "skip"/);
      return true;
    });
    equal(engine.stateHash(), state);
    const skipped = await engine.importRecords(changed, undefined, { onExisting: "skip" });
    equal(skipped.memories, 0);
    match(engine.get("mem_imported_5").content, /^Imported note 5: /);
  } finally {
    engine.close();
  }
});

Deno.test("an id-less record whose memory was edited after the import is refused, not written twice", async () => {
  await using dir = await tempDir();
  const engine = openEngine({ path: join(dir.path, "s.db"), clock: fixedClock(TODAY) });
  try {
    const line: ImportRecord[] = [{ kind: "memory", content: "Deploys run on Fridays." }];
    const { ids: [id] } = await engine.importRecords(line);
    await engine.patch(id!, { content: "Deploys run on Thursdays." });
    await rejects(engine.importRecords(line), (e) => isHelixError(e, "conflict"));
    const skipped = await engine.importRecords(line, undefined, { onExisting: "skip" });
    deepEqual(skipped.skipped, [id]);
    equal(engine.stats().memories, 1);
  } finally {
    engine.close();
  }
});

Deno.test("writeMany() checks every item before writing any", async () => {
  await using dir = await tempDir();
  const engine = openEngine({ path: join(dir.path, "s.db"), clock: fixedClock(TODAY) });
  try {
    const state = engine.stateHash();
    const items = Array.from({ length: 30_000 }, (_, i) => ({ content: `Bulk note ${i}.` }));
    items.push({ content: "Ends before it starts.", validTo: TODAY - 1 } as never);
    await rejects(
      engine.writeMany(items),
      (e) => isHelixError(e, "invalid_input") && e.details?.index === 30_000,
    );
    equal(engine.stateHash(), state, "nothing written");
  } finally {
    engine.close();
  }
});
