/**
 * The tables are a deterministic fold of the op log: for random sequences of engine
 * operations, refolding from empty reproduces the state hash exactly, and any edit to a
 * stored op is detected.
 */
import fc from "fast-check";
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import {
  type Engine,
  fixedClock,
  isWithheld,
  openEngine,
  type Relation,
  RELATIONS,
} from "../mod.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../../tests/helpers.ts";

type Command =
  | { kind: "write"; text: number; scope: string; supersede: number | null }
  | {
    kind: "patch";
    target: number;
    field: "content" | "importance" | "tags" | "scope" | "status";
    value: number;
  }
  | { kind: "forget"; target: number }
  | { kind: "relate"; from: number; to: number; relation: Relation; weight: number }
  | { kind: "unrelate"; target: number }
  | { kind: "tick"; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("write" as const),
      text: fc.nat(50),
      scope: fc.constantFrom("global", "project:x", "project:y"),
      supersede: fc.option(fc.nat(), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("patch" as const),
      target: fc.nat(),
      field: fc.constantFrom(
        "content" as const,
        "importance" as const,
        "tags" as const,
        "scope" as const,
        "status" as const,
      ),
      value: fc.nat(9),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("forget" as const), target: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("relate" as const),
      from: fc.nat(),
      to: fc.nat(),
      relation: fc.constantFrom(...RELATIONS),
      weight: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unrelate" as const), target: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("tick" as const),
      ms: fc.integer({ min: 0, max: 5_000 }),
    }),
  },
);

/** What a run of commands wrote: memory ids in order, and the unique marker of every text each held. */
interface Applied {
  ids: string[];
  markers: Map<string, string[]>;
}

async function apply(
  engine: Engine,
  clock: ReturnType<typeof fixedClock>,
  commands: Command[],
): Promise<Applied> {
  const ids: string[] = [];
  const edges: string[] = [];
  const markers = new Map<string, string[]>();
  let written = 0;
  const marker = () => `mk${written++}x`;
  const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
  for (const c of commands) {
    switch (c.kind) {
      case "write": {
        const old = c.supersede === null ? undefined : pick(ids, c.supersede);
        const oldMemory = old ? engine.get(old) : undefined;
        const supersedes = oldMemory && oldMemory.status !== "forgotten" ? [old!] : [];
        const mark = marker();
        const { id } = await engine.write({
          content: `note ${c.text} about alpha beta ${mark}`,
          scope: c.scope,
          supersedes,
        });
        ids.push(id);
        markers.set(id, [mark]);
        break;
      }
      case "patch": {
        const id = pick(ids, c.target);
        if (!id) break;
        const mark = marker();
        const value = c.field === "content"
          ? { content: `rewritten ${c.value} gamma ${mark}` }
          : c.field === "importance"
          ? { importance: c.value + 1 }
          : c.field === "tags"
          ? { tags: [`t${c.value}`] }
          : c.field === "scope"
          ? { scope: c.value % 2 ? "project:x" : "global" }
          : { status: (["active", "archived", "quarantined"] as const)[c.value % 3] };
        await engine.patch(id, value);
        if (c.field === "content") markers.get(id)!.push(mark);
        break;
      }
      case "forget": {
        const id = pick(ids, c.target);
        if (id) await engine.forget({ id });
        break;
      }
      case "relate": {
        const from = pick(ids, c.from);
        const to = pick(ids, c.to);
        if (!from || !to || from === to) break;
        // relate() refuses a forgotten or quarantined end (a later patch can still quarantine one).
        if ([from, to].some((id) => isWithheld(engine.get(id).status))) break;
        edges.push(engine.relate({ from, to, relation: c.relation, weight: c.weight }).id);
        break;
      }
      case "unrelate": {
        const id = pick(edges, c.target);
        if (id) engine.unrelate(id);
        break;
      }
      case "tick":
        clock.advance(c.ms);
        break;
    }
  }
  return { ids, markers };
}

Deno.test("rebuild() reproduces the state hash for any sequence of operations", async () => {
  await using dir = await tempDir();
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
      const clock = fixedClock(TODAY);
      const engine = openEngine({
        path: join(dir.path, `f${run++}.db`),
        embedder: wordHashEmbedder(),
        clock,
      });
      try {
        await apply(engine, clock, commands);
        const before = engine.stateHash();
        const first = engine.rebuild();
        ok(first.identical, "first rebuild");
        equal(first.after, before);
        equal(engine.rebuild().after, before, "rebuild is idempotent");
        deepEqual(engine.verifyLog(), []);
        equal(engine.stats().missingVectors, 0, "vectors survive a rebuild");
      } finally {
        engine.close();
      }
    }),
    { numRuns: 60 },
  );
});

Deno.test("verifyLog() names an op whose stored bytes were edited, and rebuild then shows the change", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "tamper.db");
  const engine = openEngine({ path, clock: fixedClock(TODAY) });
  const { id } = await engine.write({ content: "Deploys need two approvals." });
  const before = engine.stateHash();
  const [op] = engine.history({ id });
  engine.close();

  const db = new DatabaseSync(path);
  db.prepare(
    "UPDATE ops SET payload = replace(payload, 'two approvals', 'no approval') WHERE change_id = ?",
  )
    .run(op!.changeId);
  db.close();

  const reopened = openEngine({ path, clock: fixedClock(TODAY) });
  try {
    deepEqual(reopened.verifyLog(), [op!.changeId]);
    const rebuilt = reopened.rebuild();
    ok(!rebuilt.identical, "the refold exposes the edited payload");
    notEqual(rebuilt.after, before);
  } finally {
    reopened.close();
  }
});

Deno.test("purge() after any history: rebuild identical, log verified, no purged text left, the rest untouched", async () => {
  await using dir = await tempDir();
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(command, { minLength: 1, maxLength: 40 }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      async (commands, targets) => {
        const clock = fixedClock(TODAY);
        const path = join(dir.path, `p${run++}.db`);
        const engine = openEngine({ path, embedder: wordHashEmbedder(), clock });
        try {
          const { ids, markers } = await apply(engine, clock, commands);
          if (ids.length === 0) return;
          const purged = [...new Set(targets.map((n) => ids[n % ids.length]!))];
          const kept = ids.filter((id) => !purged.includes(id));
          // A contradiction with a purged memory goes with it, and with it the decay it started;
          // so does one the fold derived from it (two successors of a purged memory), and the
          // confidence it lowered.
          const derived = new Set(
            engine.conflicts({ all: true }).filter((c) => c.kind === "fact").flatMap((
              c,
            ) => [c.memory, c.field]),
          );
          const fields = (id: string) => ({
            ...engine.get(id),
            halfLifeDays: undefined,
            ...(derived.has(id) ? { confidence: undefined } : {}),
          });
          const keptBefore = kept.map(fields);
          clock.advance(1);
          engine.purge(purged);

          deepEqual(kept.map(fields), keptBefore, "kept memories untouched");
          const state = engine.stateHash();
          ok(engine.rebuild().identical, "rebuild reproduces the state");
          equal(engine.stateHash(), state);
          deepEqual(engine.verifyLog(), []);
          equal(engine.stats().missingVectors, 0);

          const db = new DatabaseSync(path, { readOnly: true });
          try {
            for (const mark of purged.flatMap((id) => markers.get(id)!)) {
              for (
                const sql of [
                  "SELECT count(*) AS n FROM ops WHERE payload LIKE '%' || ? || '%'",
                  "SELECT count(*) AS n FROM memories WHERE content LIKE '%' || ? || '%'",
                  "SELECT count(*) AS n FROM memory_tokens WHERE token LIKE '%' || ? || '%'",
                  "SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?",
                ]
              ) {
                equal((db.prepare(sql).get(mark) as { n: number }).n, 0, `${mark}: ${sql}`);
              }
            }
            for (const id of purged) {
              const left = db.prepare(
                `SELECT (SELECT count(*) FROM memories WHERE id = ?1)
                      + (SELECT count(*) FROM edges WHERE from_id = ?1 OR to_id = ?1)
                      + (SELECT count(*) FROM provenance WHERE subject = ?1) AS n`,
              ).get(id) as { n: number };
              equal(left.n, 0, id);
            }
          } finally {
            db.close();
          }
        } finally {
          engine.close();
        }
      },
    ),
    { numRuns: 40 },
  );
});
