import { deepEqual, equal, ok } from "node:assert/strict";
import {
  BASE_DATE,
  edges,
  memories,
  type QualityMemory,
  type QualityQuery,
  queries,
  type QueryKind,
} from "./dataset.ts";
import { MEMORY_TYPES as MEMORY_TYPE_LIST, RELATIONS as RELATION_LIST } from "../../core/mod.ts";

/** The dataset's "now": nothing may be dated after it. */
const TODAY = "2026-11-22";

const MEMORY_TYPES = new Set<string>(MEMORY_TYPE_LIST);
const RELATIONS = new Set<string>(RELATION_LIST);
const QUERY_KINDS: QueryKind[] = [
  "paraphrase",
  "keyword",
  "exact_identifier",
  "superseded",
  "as_of",
  "cross_project",
  "graph",
  "procedure",
  "preference",
];

const SCOPE = /^(?:global|project:[a-z0-9][a-z0-9-]*)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const byKey = new Map(memories.map((m) => [m.key, m]));

function memory(key: string): QualityMemory {
  const m = byKey.get(key);
  ok(m, `unknown memory key ${key}`);
  return m;
}

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function validFrom(m: QualityMemory): string {
  return m.validFrom ?? BASE_DATE;
}

/** Old key → the validFrom of the memory that superseded it. */
const supersededAt = new Map<string, string>();
for (const m of memories) {
  if (m.supersedes !== undefined) supersededAt.set(m.supersedes, validFrom(m));
}

function validAt(m: QualityMemory, date: string): boolean {
  const end = supersededAt.get(m.key);
  return validFrom(m) <= date && (end === undefined || date < end);
}

function visibleFrom(memoryScope: string, queryScope: string): boolean {
  return memoryScope === "global" || memoryScope === queryScope;
}

function searchableText(m: QualityMemory): string {
  return `${m.content}\n${m.attributes === undefined ? "" : JSON.stringify(m.attributes)}`
    .toLowerCase();
}

/** Undirected adjacency over all edges. */
const neighbours = new Map<string, Set<string>>();
for (const edge of edges) {
  for (const [a, b] of [[edge.from, edge.to], [edge.to, edge.from]] as const) {
    let set = neighbours.get(a);
    if (set === undefined) neighbours.set(a, set = new Set());
    set.add(b);
  }
}

function withinHops(from: string, to: string, hops: number): boolean {
  let frontier = new Set([from]);
  const seen = new Set([from]);
  for (let i = 0; i < hops; i++) {
    const next = new Set<string>();
    for (const key of frontier) {
      for (const n of neighbours.get(key) ?? []) {
        if (n === to) return true;
        if (!seen.has(n)) {
          seen.add(n);
          next.add(n);
        }
      }
    }
    frontier = next;
  }
  return false;
}

function anchorsOf(q: QualityQuery): string[] {
  const match = /anchor:\s*([a-z0-9_.,\s-]+)/i.exec(q.note ?? "");
  if (match?.[1] === undefined) return [];
  return match[1].split(",").map((s) => s.trim().split(/\s+/)[0] ?? "").filter((s) => s !== "");
}

Deno.test("memory keys are unique and well-formed", () => {
  equal(byKey.size, memories.length, "duplicate memory keys");
  for (const m of memories) ok(/^[a-z0-9_]+(?:\.[a-z0-9_]+)+$/.test(m.key), `bad key ${m.key}`);
});

Deno.test("memory fields are valid", () => {
  ok(isIsoDate(BASE_DATE));
  for (const m of memories) {
    ok(MEMORY_TYPES.has(m.type), `${m.key}: bad type ${m.type}`);
    ok(SCOPE.test(m.scope), `${m.key}: bad scope ${m.scope}`);
    ok(m.content.trim().length >= 20, `${m.key}: content too short`);
    if (m.importance !== undefined) {
      ok(
        Number.isInteger(m.importance) && m.importance >= 1 && m.importance <= 10,
        `${m.key}: importance ${m.importance}`,
      );
    }
    for (const date of [m.validFrom, m.eventAt]) {
      if (date === undefined) continue;
      ok(isIsoDate(date), `${m.key}: bad date ${date}`);
      ok(date >= BASE_DATE && date <= TODAY, `${m.key}: date ${date} outside dataset range`);
    }
    if (m.type === "episode") {
      ok(m.eventAt !== undefined, `${m.key}: episode without eventAt`);
      ok(validFrom(m) >= m.eventAt, `${m.key}: episode valid before it happened`);
    }
    for (const tag of m.tags ?? []) ok(tag.length > 0 && tag === tag.trim(), `${m.key}: tag`);
  }
});

Deno.test("procedures have steps and negative memories have triggers", () => {
  for (const m of memories) {
    if (m.type === "procedure") {
      const steps = m.attributes?.["steps"];
      ok(Array.isArray(steps) && steps.length >= 2, `${m.key}: procedure without steps`);
    }
    if (m.attributes?.["polarity"] === "negative") {
      const triggers = m.attributes["triggers"];
      ok(Array.isArray(triggers) && triggers.length >= 1, `${m.key}: negative without triggers`);
    }
  }
});

Deno.test("no secret-looking values", () => {
  const secretish = [
    /sk_(?:live|test)_[A-Za-z0-9]{8,}/,
    /whsec_[A-Za-z0-9]{8,}/,
    /AKIA[0-9A-Z]{16}/,
    /gh[pousr]_[A-Za-z0-9]{20,}/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /xox[abp]-[A-Za-z0-9-]{10,}/,
    /\b\d{12}\b/, // raw AWS account ids
  ];
  for (const m of memories) {
    for (const pattern of secretish) {
      ok(!pattern.test(searchableText(m)) && !pattern.test(m.content), `${m.key}: ${pattern}`);
    }
  }
});

Deno.test("at least 5 projects, each with an overview, plus global memories", () => {
  const projects = new Set(memories.filter((m) => m.scope !== "global").map((m) => m.scope));
  ok(projects.size >= 5, `only ${projects.size} projects`);
  for (const project of projects) {
    ok(
      memories.some((m) => m.scope === project && m.type === "project"),
      `${project} has no project overview memory`,
    );
  }
  for (const type of ["identity", "preference"]) {
    ok(memories.some((m) => m.scope === "global" && m.type === type), `no global ${type}`);
  }
});

Deno.test("supersession chains are consistent", () => {
  const supersededBy = new Map<string, string>();
  for (const m of memories) {
    if (m.supersedes === undefined) continue;
    const old = memory(m.supersedes);
    ok(m.key !== old.key, `${m.key} supersedes itself`);
    equal(old.scope, m.scope, `${m.key} supersedes a memory in another scope`);
    ok(validFrom(m) > validFrom(old), `${m.key} is not newer than ${old.key}`);
    ok(!supersededBy.has(old.key), `${old.key} superseded twice`);
    supersededBy.set(old.key, m.key);
    ok(
      edges.some((e) => e.relation === "supersedes" && e.from === m.key && e.to === old.key),
      `no supersedes edge ${m.key} -> ${old.key}`,
    );
  }
  ok(supersededBy.size >= 10, `only ${supersededBy.size} supersessions`);
  for (const e of edges.filter((e) => e.relation === "supersedes")) {
    equal(memory(e.from).supersedes, e.to, `supersedes edge ${e.from} -> ${e.to} not in data`);
  }
});

Deno.test("edges reference existing memories, without duplicates or self-loops", () => {
  ok(edges.length >= 150, `only ${edges.length} edges`);
  const seen = new Set<string>();
  for (const e of edges) {
    memory(e.from);
    memory(e.to);
    ok(RELATIONS.has(e.relation), `bad relation ${e.relation}`);
    ok(e.from !== e.to, `self-loop on ${e.from}`);
    const id = `${e.from} ${e.relation} ${e.to}`;
    ok(!seen.has(id), `duplicate edge ${id}`);
    seen.add(id);
    if (e.weight !== undefined) ok(e.weight > 0 && e.weight <= 1, `${id}: weight ${e.weight}`);
  }
  for (const project of new Set(memories.map((m) => m.scope).filter((s) => s !== "global"))) {
    const overview = memories.find((m) => m.scope === project && m.type === "project");
    ok(overview);
    for (const relation of ["has_decision", "has_convention"]) {
      ok(
        edges.some((e) => e.from === overview.key && e.relation === relation),
        `${overview.key} has no ${relation} edge`,
      );
    }
  }
});

Deno.test("query ids are unique and every kind has at least 8 queries", () => {
  equal(new Set(queries.map((q) => q.id)).size, queries.length, "duplicate query ids");
  for (const kind of QUERY_KINDS) {
    const n = queries.filter((q) => q.kind === kind).length;
    ok(n >= 8, `${kind}: only ${n} queries`);
  }
});

Deno.test("gold memories exist, are unique and visible from the query scope", () => {
  for (const q of queries) {
    ok(SCOPE.test(q.scope), `${q.id}: bad scope ${q.scope}`);
    ok(q.query.trim().length > 0, `${q.id}: empty query`);
    ok(q.gold.length >= 1, `${q.id}: no gold`);
    deepEqual([...new Set(q.gold)], q.gold, `${q.id}: duplicate gold`);
    for (const key of q.gold) {
      const m = memory(key);
      ok(visibleFrom(m.scope, q.scope), `${q.id}: ${key} (${m.scope}) not visible from ${q.scope}`);
    }
  }
});

Deno.test("gold respects time: superseded memories only in matching as_of queries", () => {
  for (const q of queries) {
    if (q.kind === "as_of") {
      ok(q.asOf !== undefined && isIsoDate(q.asOf), `${q.id}: as_of needs an ISO asOf`);
      ok(q.asOf >= BASE_DATE && q.asOf <= TODAY, `${q.id}: asOf out of range`);
      for (const key of q.gold) {
        ok(validAt(memory(key), q.asOf), `${q.id}: ${key} not valid at ${q.asOf}`);
      }
      ok(
        q.gold.some((key) => supersededAt.has(key) || memory(key).supersedes !== undefined),
        `${q.id}: as_of query without a supersession chain`,
      );
    } else {
      equal(q.asOf, undefined, `${q.id}: asOf on a ${q.kind} query`);
      for (const key of q.gold) {
        ok(!supersededAt.has(key), `${q.id}: superseded ${key} is gold`);
        ok(validAt(memory(key), TODAY), `${q.id}: ${key} not valid today`);
      }
    }
  }
});

Deno.test("kind-specific shape", () => {
  for (const q of queries) {
    const gold = q.gold.map(memory);
    switch (q.kind) {
      case "superseded":
        ok(gold.some((m) => m.supersedes !== undefined), `${q.id}: no gold replaces anything`);
        break;
      case "procedure":
        ok(gold.some((m) => m.type === "procedure"), `${q.id}: no procedure in gold`);
        break;
      case "preference":
        ok(q.scope.startsWith("project:"), `${q.id}: preference queries come from a project`);
        ok(
          gold.some((m) =>
            m.scope === "global" && (m.type === "preference" || m.type === "identity")
          ),
          `${q.id}: no global preference/identity in gold`,
        );
        break;
      case "cross_project": {
        ok(q.scope.startsWith("project:"), `${q.id}: cross_project needs a project scope`);
        ok(gold.every((m) => m.scope === q.scope), `${q.id}: gold outside ${q.scope}`);
        const types = new Set(gold.map((m) => m.type));
        ok(
          memories.some((m) =>
            m.scope !== "global" && m.scope !== q.scope && types.has(m.type) &&
            validAt(m, TODAY)
          ),
          `${q.id}: no look-alike in another project`,
        );
        break;
      }
      case "graph": {
        const anchors = anchorsOf(q);
        ok(anchors.length >= 1, `${q.id}: graph query note must name its anchor`);
        for (const anchor of anchors) {
          ok(visibleFrom(memory(anchor).scope, q.scope), `${q.id}: anchor ${anchor} not visible`);
        }
        for (const key of q.gold) {
          ok(
            anchors.some((anchor) => anchor === key || withinHops(anchor, key, 2)),
            `${q.id}: ${key} is not within 2 edges of an anchor`,
          );
        }
        ok(q.gold.some((key) => !anchors.includes(key)), `${q.id}: gold is only the anchor`);
        break;
      }
      case "exact_identifier": {
        // The identifier is the whole query when it appears verbatim, else its first token.
        const full = q.query.toLowerCase();
        const identifier = gold.some((m) => searchableText(m).includes(full))
          ? full
          : full.split(/\s+/)[0] ?? full;
        for (const m of gold) {
          ok(searchableText(m).includes(identifier), `${q.id}: ${m.key} lacks "${identifier}"`);
        }
        // Completeness: every current, visible memory naming the identifier is gold.
        for (const m of memories) {
          if (
            visibleFrom(m.scope, q.scope) && validAt(m, TODAY) &&
            searchableText(m).includes(identifier)
          ) {
            ok(q.gold.includes(m.key), `${q.id}: ${m.key} also contains "${identifier}"`);
          }
        }
        break;
      }
      default:
        break;
    }
  }
});
