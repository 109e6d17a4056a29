/**
 * A strand with one change of every kind after a known point, for the history tests: an
 * edit, a supersession, a forget, an archival, a restore, a purge, an edge removed and edges
 * added, and new memories.
 *
 * @module
 */
import { fixedClock } from "../clock.ts";
import { type Engine, openEngine } from "../engine.ts";
import { edgeId } from "../model/ids.ts";

/** 2026-11-22T12:00:00Z. */
export const START = Date.UTC(2026, 10, 22, 12);
/** One minute between steps. */
export const STEP = 60_000;

/** The strand, its clock, and the ids and point the tests compare against. */
export interface Scenario extends Disposable {
  readonly engine: Engine;
  readonly clock: ReturnType<typeof fixedClock>;
  /** Change id of the last op before the changes. */
  readonly point: string;
  /** Wall time of that op. */
  readonly pointAt: number;
  /** Memories that exist at the point. */
  readonly ids: {
    /** Superseded by `newLedger` after the point. */
    readonly ledger: string;
    /** Edited (content, importance, tags) after the point. */
    readonly lint: string;
    /** Forgotten after the point. */
    readonly staging: string;
    /** Archived after the point. */
    readonly cron: string;
    /** Purged after the point. */
    readonly cache: string;
    /** Forgotten before the point, restored after it. */
    readonly grafana: string;
  };
  /** Memories created after the point. */
  readonly added: { readonly newLedger: string; readonly backups: string };
  /** Edges: removed after the point, and added after it. */
  readonly edges: {
    readonly removed: string;
    readonly supersedes: string;
    readonly dependsOn: string;
  };
}

/** Builds the scenario on an in-memory strand. */
export async function scenario(): Promise<Scenario> {
  const clock = fixedClock(START);
  const engine = openEngine({ path: ":memory:", clock, project: "api" });
  const write = async (content: string, type: "decision" | "convention" | "fact" = "fact") => {
    clock.advance(STEP);
    return (await engine.write({ content, type })).id;
  };
  const ledger = await write("The ledger service runs on Postgres 15.", "decision");
  const lint = await write("Run deno lint before every commit.", "convention");
  const staging = await write("Staging deploys happen every Friday afternoon.");
  const cron = await write("The billing cron job rotates its secret monthly.");
  const cache = await write("Search results are cached for ten minutes.");
  const grafana = await write("Grafana dashboards live in the ops folder.");
  clock.advance(STEP);
  await engine.forget({ id: grafana });
  clock.advance(STEP);
  engine.relate({ from: lint, to: staging, relation: "related_to" });
  const [last] = engine.history({ limit: 1 });
  const pointAt = clock.now();

  clock.advance(10 * STEP);
  const newLedger = (await engine.write({
    content: "The ledger service moved to Postgres 16 in November.",
    type: "decision",
    supersedes: [ledger],
  })).id;
  clock.advance(STEP);
  await engine.patch(lint, {
    content: "Run deno lint and deno fmt --check before every commit.",
    importance: 9,
    tags: ["ci"],
  });
  clock.advance(STEP);
  await engine.forget({ id: staging });
  clock.advance(STEP);
  await engine.patch(cron, { status: "archived" });
  clock.advance(STEP);
  await engine.patch(grafana, { status: "active" });
  clock.advance(STEP);
  engine.unrelate(edgeId(lint, "related_to", staging));
  clock.advance(STEP);
  engine.relate({ from: lint, to: cron, relation: "depends_on" });
  const backups = await write("Nightly backups go to the cold storage bucket.");
  clock.advance(STEP);
  engine.purge([cache]);
  clock.advance(STEP);
  return {
    engine,
    clock,
    point: last!.changeId,
    pointAt,
    ids: { ledger, lint, staging, cron, cache, grafana },
    added: { newLedger, backups },
    edges: {
      removed: edgeId(lint, "related_to", staging),
      supersedes: edgeId(newLedger, "supersedes", ledger),
      dependsOn: edgeId(lint, "depends_on", cron),
    },
    [Symbol.dispose]() {
      engine.close();
    },
  };
}
