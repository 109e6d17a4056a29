/**
 * Every recall channel applies the same visibility rule. A reference implementation of the
 * rule as documented (DESIGN §4, README) is checked against what each channel returns, for
 * random strands and random reads; the exact channel's archived fallback (an identifier no
 * visible memory carries shows the archived ones that do) is checked the same way.
 */
import fc from "fast-check";
import { deepEqual } from "node:assert/strict";
import { join } from "node:path";
import { type Memory, type MemoryType, openEngine, type SearchInput, type Status } from "../mod.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../../tests/helpers.ts";
import { fixedClock } from "../clock.ts";

const SCOPES = ["global", "project:a", "project:b", "session:s1"] as const;
const TYPES: MemoryType[] = ["fact", "decision", "episode", "preference"];
const DAY = 86_400_000;

interface Spec {
  scope: string;
  type: MemoryType;
  status: Status;
  from: number; // days before today
  length: number | null; // validity in days, null = open
}

const spec = fc.record({
  scope: fc.constantFrom(...SCOPES),
  type: fc.constantFrom(...TYPES),
  status: fc.constantFrom<Status>(
    "active",
    "active",
    "active",
    "archived",
    "forgotten",
    "superseded",
    "quarantined",
  ),
  from: fc.integer({ min: 1, max: 300 }),
  length: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
});

const read = fc.record({
  scope: fc.option(
    fc.oneof(
      fc.constant<"all">("all"),
      fc.constantFrom(...SCOPES),
      fc.subarray([...SCOPES], { minLength: 1 }),
    ),
    { nil: undefined },
  ),
  types: fc.option(fc.subarray(TYPES, { minLength: 1 }), { nil: undefined }),
  includeArchived: fc.boolean(),
  includeSuperseded: fc.boolean(),
  includeForgotten: fc.boolean(),
  includeQuarantined: fc.boolean(),
  includeExpired: fc.boolean(),
  asOfDaysAgo: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
});

type Read = typeof read extends fc.Arbitrary<infer T> ? T : never;

/**
 * The rule, written independently of the code under test. `fallback`: the archived fallback,
 * which shows archived memories only, where the read does not show them already.
 */
function shouldSee(m: Memory, r: Read, context: string, fallback = false): boolean {
  const scopes = r.scope === undefined
    ? ["global", context]
    : r.scope === "all"
    ? null
    : ["global", ...[r.scope].flat()];
  if (scopes && !scopes.includes(m.scope)) return false;
  if (r.types && !r.types.includes(m.type)) return false;
  const asOf = r.asOfDaysAgo !== undefined ? TODAY - r.asOfDaysAgo * DAY : null;
  const statuses = new Set<Status>(
    asOf !== null ? ["active", "superseded", "archived"] : ["active"],
  );
  if (r.includeArchived) statuses.add("archived");
  if (r.includeSuperseded) statuses.add("superseded");
  if (r.includeForgotten) statuses.add("forgotten");
  if (r.includeQuarantined) statuses.add("quarantined");
  if (fallback && statuses.has("archived")) return false;
  if (fallback ? m.status !== "archived" : !statuses.has(m.status)) return false;
  const from = Date.parse(m.validFrom);
  const to = m.validTo === null ? null : Date.parse(m.validTo);
  if (asOf !== null) return from <= asOf && (to === null || to > asOf);
  const ended = to !== null && to <= TODAY;
  return !ended || r.includeExpired || m.status === "superseded";
}

Deno.test("BM25, exact-token and vector channels all apply the documented visibility rule", async () => {
  await using dir = await tempDir();
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(spec, { minLength: 1, maxLength: 25 }),
      fc.array(read, { minLength: 1, maxLength: 6 }),
      async (specs, reads) => {
        const engine = openEngine({
          path: join(dir.path, `v${run++}.db`),
          embedder: wordHashEmbedder(),
          project: "a",
          clock: fixedClock(TODAY),
        });
        try {
          const memories: Memory[] = [];
          for (const [i, s] of specs.entries()) {
            const validFrom = TODAY - s.from * DAY;
            const { id } = await engine.write({
              content: `zeta shared_token_zeta memory ${i}`,
              scope: s.scope,
              type: s.type,
              validFrom,
              ...(s.length !== null ? { validTo: validFrom + s.length * DAY } : {}),
            });
            if (s.status !== "active") await engine.patch(id, { status: s.status });
            memories.push(engine.get(id));
          }
          for (const r of reads) {
            const expected = memories.filter((m) => shouldSee(m, r, "project:a")).map((m) => m.id)
              .sort();
            // Every memory carries the query's one code token, so the fallback shows when
            // the read sees none of them.
            const exact = expected.length > 0 ? expected : memories
              .filter((m) => shouldSee(m, r, "project:a", true)).map((m) => m.id).sort();
            const base: SearchInput = {
              query: "zeta shared_token_zeta",
              limit: 100,
              ...(r.scope !== undefined ? { scope: r.scope } : {}),
              ...(r.types ? { types: r.types } : {}),
              includeArchived: r.includeArchived,
              includeSuperseded: r.includeSuperseded,
              includeForgotten: r.includeForgotten,
              includeQuarantined: r.includeQuarantined,
              includeExpired: r.includeExpired,
              ...(r.asOfDaysAgo !== undefined ? { asOf: TODAY - r.asOfDaysAgo * DAY } : {}),
            };
            for (const channel of ["bm25", "exact", "vector"] as const) {
              const only = {
                vector: false,
                bm25: false,
                exact: false,
                graph: false,
                [channel]: true,
              };
              const got = (await engine.search({ ...base, channels: only })).hits.map((h) =>
                h.memory.id
              ).sort();
              deepEqual(
                got,
                channel === "exact" ? exact : expected,
                `${channel} ${JSON.stringify(r)}`,
              );
            }
          }
        } finally {
          engine.close();
        }
      },
    ),
    { numRuns: 40 },
  );
});
