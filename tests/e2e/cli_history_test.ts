/**
 * `helix diff` and `helix rollback` end to end, in process through `run(argv, env, io)`.
 *
 * @module
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

/** A strand with two memories and an edge, then an edit, a forget and a new memory. */
async function history(helix: ReturnType<typeof cli>) {
  const add = async (...args: string[]) => (await helix(["add", ...args, "--json"])).json().memory;
  const lint = await add("Run deno lint before every commit", "--type", "convention");
  const staging = await add("Staging deploys happen on Friday afternoons");
  equal((await helix(["relate", lint.id, "related_to", staging.id])).code, 0);
  const point = (await helix(["log", "--json", "--limit", "1"])).json()[0].changeId as string;
  equal(
    (await helix(["edit", lint.id, "--content", "Run deno lint and deno fmt before every commit"]))
      .code,
    0,
  );
  equal((await helix(["forget", staging.id])).code, 0);
  const backups = await add("Nightly backups go to the cold storage bucket");
  return { lint, staging, backups, point };
}

Deno.test("helix diff shows sections, --stat counts and --json the typed result", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const h = await history(helix);

  const human = await helix(["diff", h.point.slice(0, 8)]);
  equal(human.code, 0, human.stderr);
  match(human.stdout, new RegExp(`diff ${h.point.slice(0, 10)} \\(.*\\) → now`));
  match(human.stdout, /Added \(1\)\n {2}\+ mem_nightly_backups/);
  match(human.stdout, /Changed \(1\)\n {2}~ mem_run_deno_lint/);
  match(
    human.stdout,
    /content: "Run deno lint before every commit" → "Run deno lint and deno fmt before every commit"/,
  );
  match(
    human.stdout,
    /Forgotten \(1\)\n {2}~ mem_staging_deploys[^\n]*\n {6}status: active → forgotten/,
  );
  ok(!human.stdout.includes("Superseded"), "empty sections are left out");

  const stat = await helix(["diff", h.point, "--stat"]);
  match(stat.stdout, /memories: 1 added, 1 changed, 0 superseded, 1 forgotten, 0 archived/);
  match(stat.stdout, /edges: 0 added, 0 removed, 0 reweighted/);

  const json = (await helix(["diff", h.point, "--json"])).json();
  deepEqual(json.memories.added.map((m: { id: string }) => m.id), [h.backups.id]);
  equal(json.memories.changed.length, 2);
  equal(json.counts.forgotten, 1);
  deepEqual((await helix(["diff", h.point, "--stat", "--json"])).json().counts, json.counts);

  const none = await helix(["diff", "now"]);
  match(none.stdout, /No differences\./);
  const between = (await helix(["diff", "0", h.point, "--json"])).json();
  equal(between.counts.added, 2);

  const bad = await helix(["diff", "last tuesday"]);
  equal(bad.code, 64);
  match(bad.stderr, /Cannot resolve point "last tuesday"/);
  equal((await helix(["diff", "abcdef0123"])).code, 66);
  equal((await helix(["diff"])).code, 64);
  equal((await helix(["diff", "now", "now", "now"])).code, 64);
});

Deno.test("helix rollback shows the plan, confirms, and can be rolled back itself", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const h = await history(helix);
  const ops = () => helix(["status", "--json"]).then((r) => r.json().ops as number);
  const before = await ops();

  const dry = await helix(["rollback", h.point, "--dry-run"]);
  equal(dry.code, 0, dry.stderr);
  match(dry.stdout, /Forget \(1\)\n {2}- mem_nightly_backups/);
  match(dry.stdout, /Restore status \(1\)\n {2}~ mem_staging_deploys/);
  match(dry.stdout, /Patch \(1\)\n {2}~ mem_run_deno_lint/);
  match(dry.stdout, /Dry run: nothing was changed\./);
  equal(await ops(), before);

  const noTerminal = await helix(["rollback", h.point]);
  equal(noTerminal.code, 64);
  match(noTerminal.stderr, /pass --yes/);
  equal(await ops(), before);

  const declined = await helix(["rollback", h.point], { answers: ["n"] });
  equal(declined.code, 1);
  match(declined.stderr, /Roll back\? \[y\/N\]/);
  match(declined.stderr, /Aborted: nothing was changed\./);
  equal(await ops(), before);

  const accepted = await helix(["rollback", h.point], { answers: ["y"] });
  equal(accepted.code, 0, accepted.stderr);
  match(accepted.stdout, /rolled back to .*: 3 ops \(1 restored, 1 forgotten, 1 patched/);
  const undo = /helix rollback ([0-9a-f]{12})/.exec(accepted.stdout)![1]!;
  equal((await helix(["diff", h.point, "--json"])).json().memories.changed.length, 0);
  match((await helix(["show", h.lint.id])).stdout, /Run deno lint before every commit/);
  const log = await helix(["log", "--kind", "job.run"]);
  match(log.stdout, /rollback run [0-9a-f]+ \(rollback to/);

  const nothing = await helix(["rollback", h.point, "--yes"]);
  equal(nothing.code, 0);
  match(nothing.stdout, /Nothing to roll back\./);

  const back = (await helix(["rollback", undo, "--yes", "--json"])).json();
  equal(back.dryRun, false);
  deepEqual(back.memories.restored, [h.backups.id]);
  deepEqual(back.memories.forgotten, [h.staging.id]);
  const again = (await helix(["diff", undo, "--json"])).json().counts;
  equal(Object.values(again as Record<string, number>).reduce((a, b) => a + b, 0), 0);
  match((await helix(["show", h.lint.id])).stdout, /deno fmt before every commit/);

  equal((await helix(["rollback"])).code, 64);
  equal((await helix(["rollback", "nope"])).code, 64);
});

Deno.test("helix completions offer diff and rollback with their flags", async () => {
  await using home = await tempDir();
  const bash = (await cli(home.path)(["completions", "bash"])).stdout;
  match(bash, /\bdiff\b.*\brollback\b/);
  match(bash, /rollback\) opts="[^"]*--dry-run[^"]*--yes/);
  match(bash, /diff\) opts="[^"]*--stat/);
});
