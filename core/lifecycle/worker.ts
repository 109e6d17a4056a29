/**
 * The lifecycle worker (DESIGN §8). When consolidation is due (an importance budget of 150
 * since the last run, or an agent session ended) it runs its jobs in order:
 *
 * - `distil`: recurring episodes become one rule that cites them (`distil.ts`), worded by
 *   the model when one is configured, else by the template;
 * - `contradict`: contradictions the writes could not see are linked (`contradict.ts`);
 * - `reflect`: derived memories whose grounding is gone are demoted; with a model, insights
 *   that cite their leaves are written (`reflect.ts`);
 * - `importance`: with a model, heuristic importance ratings are replaced by the model's;
 * - `archive`: memories whose salience fell below the floor leave default recall;
 * - `stale`: memories whose cited files changed are flagged (`stale_check.ts`);
 * - `profile`: each scope's static and dynamic profile is refreshed (`profile.ts`);
 * - `embed`: memories stored without a current vector are embedded (`backfill.ts`).
 *
 * Every change is an op; each slice of work is one short transaction that ends with a `job.run` op
 * listing what it did (and the fields it overwrote), so `helix log` shows it and
 * {@linkcode undoRun} appends the inverse. Between slices it yields to the event loop, so a
 * server's tool calls are never blocked for longer than one slice.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import { parseHlc } from "../model/hlc.ts";
import { edgeId } from "../model/ids.ts";
import type { MemoryType } from "../model/types.ts";
import { isPurged, type JobName, type LiveOp } from "../ops/op.ts";
import { recordedTransaction, type Recorder } from "../ops/job_run.ts";
import type { Runtime } from "../runtime.ts";
import { appendWrite } from "../ops/write.ts";
import { redact } from "../redact/redact.ts";
import { randomHex, sha256Hex } from "../util/hash.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { salience } from "../model/salience.ts";
import { clusterEpisodes, distil, type Distillate, type EpisodeLike } from "./distil.ts";
import type { FileProbe } from "../ports.ts";
import { planStaleness } from "./stale_check.ts";
import { backfillVectors, missingVectors } from "./backfill.ts";
import { reembedStatus, reembedStrand } from "./reembed.ts";
import {
  groundingChanges,
  INSIGHT_CONFIDENCE,
  lastReflection,
  reflectOn,
  scopesToReflect,
} from "./reflect.ts";
import {
  dynamicProfile,
  focusItems,
  type ProfileItem,
  type ProfileKind,
  type ProfilePlan,
  profileScopes,
  staticItems,
  staticProfile,
} from "./profile.ts";
import { contradictionsOf, markSwept, sweepSubjects } from "./contradict.ts";
import { contradictedConfidence } from "../model/types.ts";
import { headsOf } from "../ops/concurrency.ts";

/** Importance written since the last run that makes consolidation due (seed 001 §3). */
export const IMPORTANCE_BUDGET = 150;
/** Salience (importance × decay) below which a decaying memory is archived. */
export const SALIENCE_FLOOR = 1;
/** Memories archived per transaction. */
const ARCHIVE_SLICE = 200;
/** Episodes distilled per transaction. */
const DISTIL_SLICE = 50;
/** Memories the contradiction sweep compares per transaction. */
const CONTRADICT_SLICE = 100;

/** The provenance of what a worker job writes. */
const WORKER = (extractor: string) =>
  ({ origin: "agent-ingested", agent: "helix-worker", extractor }) as const;

/** The jobs a worker run does, in order. */
export type WorkerJob = Exclude<JobName, "rollback" | "check">;

/** Whether consolidation is due, and why. */
export interface LifecycleState {
  /** When the worker last ran (ms), or null. */
  readonly lastRunAt: number | null;
  /** Importance of the memories recorded since then. */
  readonly budget: number;
  /** Agent sessions that ended since then. */
  readonly sessionsEnded: number;
  /** `importance_budget`, `session_boundary`, or null when nothing is due. */
  readonly due: "importance_budget" | "session_boundary" | null;
}

/** What one job of a run did. */
export interface JobReport {
  readonly job: WorkerJob;
  /** Memories created or changed. */
  readonly changed: number;
  readonly summary: string;
}

/** What a run did. */
export interface RunReport {
  readonly run: string;
  readonly reason: string;
  readonly jobs: readonly JobReport[];
  /** Memories created or changed by the whole run. */
  readonly changed: number;
}

/** Progress of a run, per job. */
export interface RunProgress {
  readonly job: WorkerJob;
  readonly done: number;
  readonly total: number;
}

/** Options of {@linkcode runLifecycle}. */
export interface RunOptions {
  /** Why it runs (`manual`, `importance_budget`, `session_boundary`). */
  readonly reason: string;
  readonly onProgress?: (progress: RunProgress) => void;
  /** Called between slices; the default yields to the event loop. */
  readonly pause?: () => Promise<void>;
  /** Run only this job. */
  readonly only?: WorkerJob;
}

/** Is consolidation due? */
export function lifecycleState(rt: Runtime): LifecycleState {
  const last = rt.store.prepare(
    `SELECT max(o.seqno) AS seqno FROM op_refs r JOIN ops o ON o.seqno = r.seqno
     WHERE r.ref >= 'run:' AND r.ref < 'run;'`,
  ).get() as { seqno: number | null };
  const lastRunAt = last.seqno === null ? null : parseHlc(
    (rt.store.prepare("SELECT hlc FROM ops WHERE seqno = ?").get(last.seqno) as { hlc: string })
      .hlc,
  ).wall;
  const since = lastRunAt ?? -1;
  const budget = (rt.store.prepare(
    "SELECT coalesce(sum(importance), 0) AS n FROM memories WHERE recorded_at > ?",
  ).get(since) as { n: number }).n;
  const sessionsEnded = (rt.store.prepare(
    "SELECT count(*) AS n FROM sessions WHERE ended_at > ?",
  ).get(since) as { n: number }).n;
  const due = budget > IMPORTANCE_BUDGET
    ? "importance_budget"
    : sessionsEnded > 0
    ? "session_boundary"
    : null;
  return { lastRunAt, budget, sessionsEnded, due };
}

const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs the worker's jobs now, in the order of the module documentation. */
export async function runLifecycle(rt: Runtime, options: RunOptions): Promise<RunReport> {
  const run = randomHex(8);
  const pause = options.pause ?? yieldToLoop;
  const wants = (job: WorkerJob) => !options.only || options.only === job;
  const jobs: JobReport[] = [];
  // Rules and insights first, so archival, profiles and vectors see them in the same run.
  if (wants("distil")) jobs.push(await distilEpisodes(rt, run, options, pause));
  if (wants("contradict")) jobs.push(await sweepContradictions(rt, run, options, pause));
  if (wants("reflect")) jobs.push(await reflect(rt, run, options, pause));
  if (wants("importance")) jobs.push(await rateImportance(rt, run, options, pause));
  if (wants("archive")) jobs.push(await archiveFaded(rt, run, options, pause));
  if (wants("stale") && rt.files) jobs.push(await markStale(rt, rt.files, run, options));
  if (wants("profile")) jobs.push(await refreshProfiles(rt, run, options, pause));
  if (wants("embed") && rt.reembedder) jobs.push(await reembed(rt, run, options, pause));
  else if (wants("embed") && rt.embedder) jobs.push(await embedMissing(rt, run, options, pause));
  const changed = jobs.reduce((n, j) => n + j.changed, 0);
  if (changed === 0) {
    // Still a run: the trigger restarts from here (a job.run folds to nothing, so the state
    // and its hash stay as they were).
    recordRun(rt, run, "check", options.reason, "nothing to change");
  }
  return { run, reason: options.reason, jobs, changed };
}

/** Appends a `job.run` that lists no ops: work that changed no state (or nothing at all). */
function recordRun(rt: Runtime, run: string, job: JobName, reason: string, summary: string) {
  rt.log.transact(
    `record ${job} run`,
    (tx) =>
      tx.append({ kind: "job.run", payload: { run, job, reason, ops: [], before: {}, summary } }),
  );
}

/** One recorded slice of a job (see `ops/job_run.ts`); true when it appended ops. */
function slice(
  rt: Runtime,
  run: string,
  job: JobName,
  reason: string,
  fn: (recorder: Recorder) => string | null,
): boolean {
  return recordedTransaction(rt.store, rt.log, { run, job, reason }, fn).length > 0;
}

/** Active episodes by scope, oldest first. */
function activeEpisodes(rt: Runtime): Map<string, EpisodeLike[]> {
  const rows = rt.store.prepare(
    `SELECT id, content, importance, scope FROM memories
     WHERE type = 'episode' AND status = 'active' ORDER BY recorded_at, id`,
  ).all() as unknown as (EpisodeLike & { scope: string })[];
  const byScope = new Map<string, EpisodeLike[]>();
  for (const row of rows) byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);
  return byScope;
}

async function distilEpisodes(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const groups = [];
  for (const [scope, episodes] of activeEpisodes(rt)) {
    for (const cluster of clusterEpisodes(episodes)) {
      groups.push({ scope, cluster, rule: await worded(rt, distil(cluster), cluster) });
    }
  }
  // A large group goes in several slices: the first creates the rule, the next find it.
  const work = groups.flatMap((group) =>
    Array.from(
      { length: Math.ceil(group.cluster.length / DISTIL_SLICE) },
      (_, k) => ({
        ...group,
        chunk: group.cluster.slice(k * DISTIL_SLICE, (k + 1) * DISTIL_SLICE),
      }),
    )
  );
  let changed = 0;
  let rules = 0;
  for (const [i, { scope, chunk, rule }] of work.entries()) {
    slice(rt, run, "distil", options.reason, (tx) => {
      // Episodes another process archived meanwhile are left out.
      const live = chunk.filter((e) => rt.store.memoryById(e.id)?.status === "active");
      if (live.length === 0) return null;
      const existing = findSame(rt, scope, rule.content, rule.type);
      const id = existing ?? appendWrite(rt, tx, {
        content: rule.content,
        type: rule.type,
        scope,
        importance: rule.importance,
        confidence: 0.8,
        attributes: { grounding: [...rule.grounding] },
        source: WORKER("distil"),
      }).id;
      for (const episode of live) {
        link(tx, id, "derives", episode.id, "distil");
        tx.patch(episode.id, { status: "archived" }, `distilled into ${id}`);
      }
      changed += live.length + (existing ? 0 : 1);
      if (!existing) rules++;
      return `${live.length} episodes → ${id}`;
    });
    options.onProgress?.({ job: "distil", done: i + 1, total: work.length });
    await pause();
  }
  return {
    job: "distil",
    changed,
    summary: `${rules} rules from ${groups.length} recurring episode groups`,
  };
}

/** Episodes of a cluster the model sees when it words a rule: the first ones suffice. */
const RULE_ITEMS = 12;
/** Longest model wording kept; anything longer is not a rule. */
const MAX_RULE_CHARS = 300;

/**
 * `rule` worded by the model when one is configured and answers usably (seed 001 §3: the
 * LLM path), else as the template wrote it. The rule still cites every episode.
 */
async function worded(
  rt: Runtime,
  rule: Distillate,
  cluster: readonly EpisodeLike[],
): Promise<Distillate> {
  if (!rt.llm) return rule;
  const statements = await rt.llm.synthesize(
    "rule",
    cluster.slice(0, RULE_ITEMS).map(({ content }) => ({ type: "episode", content })),
  );
  // The episodes were redacted, but a model may still make up something secret-shaped.
  const text = redact(statements?.[0]?.text.trim() ?? "").text;
  if (text.length === 0 || text.length > MAX_RULE_CHARS) return rule;
  return { ...rule, content: text };
}

/** Appends the edge `from —relation→ to`, drawn by the worker's `extractor` job. */
function link(
  tx: Recorder,
  from: string,
  relation: "derives" | "contradicts",
  to: string,
  extractor: string,
): void {
  tx.append({
    kind: "edge.put",
    payload: {
      id: edgeId(from, relation, to),
      from,
      to,
      relation,
      weight: 1,
      provenance: WORKER(extractor),
    },
  });
}

/** An active memory of `scope` and `type` with exactly this text, if any. */
function findSame(rt: Runtime, scope: string, content: string, type: MemoryType): string | null {
  const row = rt.store.prepare(
    `SELECT id FROM memories WHERE content_hash = ? AND scope = ? AND status = 'active' AND type = ?
     ORDER BY id LIMIT 1`,
  ).get(sha256Hex(content), scope, type) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Links contradictions the writes could not see (see `contradict.ts`). */
async function sweepContradictions(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const subjects = sweepSubjects(rt);
  let pairs = 0;
  for (let start = 0; start < subjects.length; start += CONTRADICT_SLICE) {
    const chunk = subjects.slice(start, start + CONTRADICT_SLICE);
    slice(rt, run, "contradict", options.reason, (tx) => {
      let n = 0;
      for (const subject of chunk) {
        if (rt.store.memoryById(subject.id)?.status !== "active") continue;
        // Each link is folded at once, so a pair found from both sides is linked once.
        for (const { from, to } of contradictionsOf(rt, subject)) {
          link(tx, from, "contradicts", to, "contradict");
          for (const id of [from, to]) {
            const { confidence } = rt.store.memoryById(id)!;
            tx.patch(id, { confidence: contradictedConfidence(confidence) }, "contradicted");
          }
          n++;
        }
      }
      markSwept(rt, chunk.at(-1)!.seqno);
      pairs += n;
      return n ? `${n} contradictions linked` : null;
    });
    options.onProgress?.({
      job: "contradict",
      done: Math.min(subjects.length, start + chunk.length),
      total: subjects.length,
    });
    await pause();
  }
  return {
    job: "contradict",
    changed: pairs,
    summary: `${pairs} contradictions among ${subjects.length} memories checked`,
  };
}

async function archiveFaded(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const now = rt.clock.now();
  const faded = (rt.store.prepare(
    `SELECT id, importance, half_life_ms AS halfLifeMs, last_access_at AS lastAccessAt
     FROM memories WHERE status = 'active' AND half_life_ms IS NOT NULL`,
  ).all() as { id: string; importance: number; halfLifeMs: number; lastAccessAt: number }[])
    .filter((m) => salience(m, now) < SALIENCE_FLOOR)
    .map((m) => m.id);
  let archived = 0;
  for (let start = 0; start < faded.length; start += ARCHIVE_SLICE) {
    const ids = faded.slice(start, start + ARCHIVE_SLICE);
    slice(rt, run, "archive", options.reason, (tx) => {
      let n = 0;
      for (const id of ids) {
        if (rt.store.memoryById(id)?.status !== "active") continue;
        tx.patch(id, { status: "archived" }, "below the salience floor");
        n++;
      }
      archived += n;
      return n ? `archived ${n} faded memories` : null;
    });
    options.onProgress?.({
      job: "archive",
      done: Math.min(faded.length, start + ids.length),
      total: faded.length,
    });
    await pause();
  }
  return { job: "archive", changed: archived, summary: `archived ${archived} faded memories` };
}

/** Memories the model rates per request, and per run at most. */
const RATE_SLICE = 32;
const RATE_PER_RUN = 256;

/**
 * With a model configured, replaces heuristic importance ratings (`attributes.importanceBy`)
 * with the model's, newest memories first; a rating the writer gave is never touched.
 */
async function rateImportance(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const llm = rt.llm;
  if (!llm) return { job: "importance", changed: 0, summary: "no model configured" };
  const rows = rt.store.prepare(
    `SELECT id, type, content FROM memories
     WHERE status = 'active' AND json_extract(attributes, '$.importanceBy') = 'heuristic'
     ORDER BY recorded_at DESC, id LIMIT ?`,
  ).all(RATE_PER_RUN) as { id: string; type: MemoryType; content: string }[];
  let rated = 0;
  for (let start = 0; start < rows.length; start += RATE_SLICE) {
    const chunk = rows.slice(start, start + RATE_SLICE);
    const ratings = await llm.rateImportance(chunk.map(({ type, content }) => ({ type, content })));
    if (ratings.every((r) => r === null)) break; // unavailable or out of budget: next run
    slice(rt, run, "importance", options.reason, (tx) => {
      let n = 0;
      chunk.forEach((row, i) => {
        const memory = rt.store.memoryById(row.id);
        const importance = ratings[i];
        if (
          importance === null || importance === undefined || memory?.content !== row.content ||
          memory.attributes.importanceBy !== "heuristic"
        ) return;
        tx.patch(row.id, {
          importance,
          attributes: { ...memory.attributes, importanceBy: "model" } as JsonValue,
        }, "rated by the model");
        n++;
      });
      rated += n;
      return n ? `the model rated ${n} memories` : null;
    });
    options.onProgress?.({ job: "importance", done: start + chunk.length, total: rows.length });
    await pause();
  }
  return { job: "importance", changed: rated, summary: `the model rated ${rated} memories` };
}

/**
 * Demotes derived memories whose grounding is gone (and restores them when it is back), then,
 * with a model, reflects on each scope with enough new memories (see `reflect.ts`).
 */
async function reflect(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  let demoted = 0;
  let restored = 0;
  slice(rt, run, "reflect", options.reason, (tx) => {
    for (const change of groundingChanges(rt)) {
      tx.patch(
        change.id,
        change.set as Record<string, JsonValue>,
        change.demoted ? "its grounding was removed" : "its grounding is back",
      );
      if (change.demoted) demoted++;
      else restored++;
    }
    return demoted + restored ? `${demoted} demoted, ${restored} restored` : null;
  });
  let insights = 0;
  if (rt.llm) {
    const scopes = scopesToReflect(rt, lastReflection(rt));
    for (const [i, scope] of scopes.entries()) {
      const found = await reflectOn(rt, scope);
      slice(rt, run, "reflect", options.reason, (tx) => {
        let n = 0;
        for (const insight of found) {
          const leaves = insight.grounding.filter((id) =>
            rt.store.memoryById(id)?.status === "active"
          );
          if (leaves.length === 0 || findSame(rt, scope, insight.content, "fact")) continue;
          const { id } = appendWrite(rt, tx, {
            content: insight.content,
            type: "fact",
            scope,
            importance: 6,
            confidence: INSIGHT_CONFIDENCE,
            attributes: { grounding: leaves, question: insight.question },
            source: WORKER("reflect"),
          });
          for (const leaf of leaves) link(tx, id, "derives", leaf, "reflect");
          n++;
        }
        insights += n;
        return n ? `${n} insights in ${scope}` : null;
      });
      options.onProgress?.({ job: "reflect", done: i + 1, total: scopes.length });
      await pause();
    }
  }
  return {
    job: "reflect",
    changed: demoted + restored + insights,
    summary:
      `${insights} insights; ${demoted} demoted and ${restored} restored for their grounding`,
  };
}

/**
 * Writes or refreshes each scope's static and dynamic profile (see `profile.ts`); a profile
 * whose memories are all gone is archived.
 */
async function refreshProfiles(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const now = rt.clock.now();
  const plans: ProfilePlan[] = [];
  const wanted = new Set<string>();
  const scopes = profileScopes(rt);
  for (const scope of scopes) {
    const kinds: [ProfileKind, ProfileItem[]][] = [["static", staticItems(rt, scope)]];
    if (scope !== "global") kinds.push(["dynamic", focusItems(rt, scope, now)]);
    for (const [kind, items] of kinds) {
      const plan = await modelProfile(rt, scope, kind, items) ??
        (kind === "static" ? staticProfile(scope, items) : dynamicProfile(scope, items));
      if (!plan) continue;
      plans.push(plan);
      wanted.add(`${scope} ${kind}`);
    }
    await pause();
  }
  let changed = 0;
  slice(rt, run, "profile", options.reason, (tx) => {
    for (const plan of plans) {
      const existing = profileOf(rt, plan.scope, plan.kind);
      const attributes = { profile: plan.kind, grounding: [...plan.grounding] };
      if (!existing) {
        appendWrite(rt, tx, {
          content: plan.content,
          type: "profile",
          scope: plan.scope,
          importance: 8,
          confidence: 0.9,
          attributes,
          source: WORKER("profile"),
        });
        changed++;
      } else if (
        existing.content !== plan.content ||
        JSON.stringify(existing.attributes.grounding) !== JSON.stringify(attributes.grounding)
      ) {
        tx.patch(existing.id, { content: plan.content, attributes }, "profile refreshed");
        changed++;
      }
    }
    for (const old of activeProfiles(rt)) {
      if (wanted.has(`${old.scope} ${old.kind}`)) continue;
      tx.patch(old.id, { status: "archived" }, "nothing left to summarise");
      changed++;
    }
    return changed ? `${changed} profiles written or refreshed` : null;
  });
  options.onProgress?.({ job: "profile", done: scopes.length, total: scopes.length });
  return { job: "profile", changed, summary: `${changed} of ${plans.length} profiles changed` };
}

/** The model's profile of `items`, when a model is configured and answers. */
async function modelProfile(
  rt: Runtime,
  scope: string,
  kind: ProfileKind,
  items: readonly ProfileItem[],
): Promise<ProfilePlan | null> {
  if (!rt.llm || items.length === 0) return null;
  const statements = await rt.llm.synthesize(
    kind === "static" ? "profileStatic" : "profileDynamic",
    items.map(({ type, content }) => ({ type, content })),
  );
  const first = statements?.[0];
  if (!first) return null;
  const cited = first.cites.length ? first.cites.map((i) => items[i]!.id) : items.map((i) => i.id);
  return { scope, kind, content: first.text, grounding: cited };
}

/** The worker-written profile of a scope and kind, if active. */
function profileOf(rt: Runtime, scope: string, kind: ProfileKind) {
  const row = rt.store.prepare(
    `SELECT id FROM memories WHERE type = 'profile' AND scope = ? AND status = 'active'
     AND json_extract(attributes, '$.profile') = ? ORDER BY id LIMIT 1`,
  ).get(scope, kind) as { id: string } | undefined;
  return row ? rt.store.memoryById(row.id)! : null;
}

/** Every active worker-written profile. */
function activeProfiles(rt: Runtime): { id: string; scope: string; kind: string }[] {
  return rt.store.prepare(
    `SELECT id, scope, json_extract(attributes, '$.profile') AS kind FROM memories
     WHERE type = 'profile' AND status = 'active' AND json_extract(attributes, '$.profile') IS NOT NULL
     ORDER BY id`,
  ).all() as { id: string; scope: string; kind: string }[];
}

/** Moves an unfinished re-embedding on (see `reembed.ts`); a model that cannot load waits. */
async function reembed(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const model = rt.reembedder!.model;
  let summary: string;
  try {
    const report = await reembedStrand(rt, {
      batchSize: 16,
      pause,
      onProgress: ({ done, total }) => options.onProgress?.({ job: "embed", done, total }),
    });
    summary = `re-embedded ${report.embedded} memories with ${model} and switched to it ` +
      `(processes that open the strand from now on use the new vectors)`;
  } catch (error) {
    if (!isHelixError(error, "embedder_unavailable")) throw error;
    const status = reembedStatus(rt);
    summary = `re-embedding with ${model} waits for the model (${status?.done ?? 0} of ` +
      `${status?.total ?? 0} done)`;
  }
  recordRun(rt, run, "embed", options.reason, summary);
  return { job: "embed", changed: 0, summary };
}

/**
 * Embeds memories stored without a current vector. Vectors are a cache, not state, so the
 * run's record lists no ops; a model that cannot load (offline) leaves them for a later run.
 */
async function embedMissing(
  rt: Runtime,
  run: string,
  options: RunOptions,
  pause: () => Promise<void>,
): Promise<JobReport> {
  const total = missingVectors(rt);
  const embedder = rt.embedder!;
  if (total === 0) return { job: "embed", changed: 0, summary: "every memory has its vector" };
  const status = await embedder.warmup();
  if (status.state !== "ready") {
    return {
      job: "embed",
      changed: 0,
      summary: `${total} memories wait for the model (${status.error ?? status.state})`,
    };
  }
  const { embedded, remaining } = await backfillVectors(rt, embedder, {
    batchSize: 16,
    pause,
    onProgress: (p) => options.onProgress?.({ job: "embed", ...p }),
  });
  const summary = `embedded ${embedded} memories${remaining ? `, ${remaining} left` : ""}`;
  if (embedded > 0) recordRun(rt, run, "embed", options.reason, summary);
  return { job: "embed", changed: 0, summary };
}

/** Marks memories whose cited files changed or vanished (see `stale_check.ts`). */
async function markStale(
  rt: Runtime,
  probe: FileProbe,
  run: string,
  options: RunOptions,
): Promise<JobReport> {
  const plans = await planStaleness(rt, probe);
  let marked = 0;
  slice(rt, run, "stale", options.reason, (tx) => {
    for (const plan of plans) {
      if (rt.store.memoryById(plan.id)?.status !== "active") continue;
      tx.patch(
        plan.id,
        plan.set,
        plan.findings.length ? "cited files changed" : "cited files match again",
      );
      if (plan.findings.length) marked++;
    }
    return plans.length ? `${marked} memories with changed or vanished files` : null;
  });
  options.onProgress?.({ job: "stale", done: plans.length, total: plans.length });
  return { job: "stale", changed: plans.length, summary: `${marked} memories cite changed files` };
}

/** What an undo did. */
export interface UndoReport {
  readonly run: string;
  /** Ops appended to reverse the run. */
  readonly ops: number;
}

/**
 * Reverses a run by appending the inverse of its ops, newest first: memories it created are
 * forgotten, edges removed, patched fields restored. History keeps both. Throws `not_found`
 * for an unknown run, `conflict` for one already undone.
 */
export function undoRun(rt: Runtime, run: string): UndoReport {
  const records = rt.log.read({ ref: `run:${run}`, order: "canonical" }).filter((op) =>
    !isPurged(op) && op.kind === "job.run"
  ) as (LiveOp & { kind: "job.run" })[];
  if (records.length === 0) {
    throw new HelixError("not_found", `Cannot undo run ${run}: no such run`);
  }
  if (records.every((op) => op.payload.ops.length === 0)) {
    return { run, ops: 0 };
  }
  if (records.some((op) => op.payload.reason === "undo")) {
    throw new HelixError("conflict", `Cannot undo run ${run}: it was already undone`);
  }
  let appended = 0;
  for (const record of records.reverse()) {
    if (record.payload.job === "check") continue;
    slice(rt, run, record.payload.job, "undo", (tx) => {
      const ops = rt.log.read({ ids: record.payload.ops, order: "canonical" }) as LiveOp[];
      for (const op of ops.reverse()) {
        if (isPurged(op)) continue;
        if (op.kind === "memory.put") {
          const memory = rt.store.memoryById(op.payload.id);
          if (memory && memory.status !== "forgotten") {
            tx.append({
              kind: "memory.forget",
              payload: {
                id: memory.id,
                parents: headsOf(rt.store, memory.id),
                reason: `undo of run ${run}`,
              },
            });
          }
        } else if (op.kind === "edge.put") {
          const edge = rt.store.edgeById(op.payload.id);
          if (edge?.status === "active") {
            tx.append({
              kind: "edge.remove",
              payload: { id: edge.id, from: edge.from, to: edge.to, parents: [edge.headOp] },
            });
          }
        }
      }
      for (const [id, fields] of Object.entries(record.payload.before)) {
        if (rt.store.memoryById(id)) tx.patch(id, fields, `undo of run ${run}`);
      }
      appended += tx.ops.length;
      return `undid ${record.payload.summary}`;
    });
  }
  return { run, ops: appended };
}
