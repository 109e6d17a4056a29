/**
 * `helix import` of JSONL run twice, changed, and interrupted: re-importing the same file
 * changes nothing and exits 0; a line whose memory differs is refused (or skipped with
 * `--on-existing skip`); an interrupted import is reported by `status` and `doctor` and
 * finished by running it again.
 *
 * @module
 */
import { join } from "node:path";
import { equal, match, ok } from "node:assert/strict";
import { openEngine } from "../../core/mod.ts";
import { parseJsonl } from "../../cli/jsonl.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

function jsonl(count: number, edit: Record<number, string> = {}): string {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      ...(i % 3 === 0 ? {} : { id: `mem_line_${i}` }), // some lines name no id
      content: edit[i] ?? `Line ${i}: the worker retries failed uploads ${i % 7} times.`,
      scope: "global",
    }));
  lines.push(JSON.stringify({ edge: { from: "mem_line_1", to: "mem_line_2", relation: "uses" } }));
  return `${lines.join("\n")}\n`;
}

Deno.test("re-importing the same JSONL changes nothing and exits 0; a changed line is refused or skipped", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const file = join(home.path, "notes.jsonl");
  await Deno.writeTextFile(file, jsonl(40));

  const first = await helix(["import", file]);
  equal(first.code, 0, first.stderr);
  match(first.stdout, /imported 40 memories and 1 edges/);
  const before = (await helix(["status", "--json"])).json();

  const again = await helix(["import", file]);
  equal(again.code, 0, again.stderr);
  match(again.stdout, /imported 0 memories and 0 edges .*; 40 already in the strand \(skipped\)/);
  const json = (await helix(["import", file, "--json"])).json();
  equal(json.skipped.length, 40);
  equal(json.memories, 0);
  const after = (await helix(["status", "--json"])).json();
  equal(after.ops, before.ops);
  equal(after.memories, before.memories);

  await Deno.writeTextFile(file, jsonl(40, { 4: "Line 4 says something else now." }));
  const changed = await helix(["import", file]);
  equal(changed.code, 65, changed.stderr);
  match(
    changed.stderr,
    /line 5: .*"mem_line_4" already exists with another content \(--on-existing skip keeps/,
  );
  equal((await helix(["status", "--json"])).json().ops, before.ops);
  const skipped = await helix(["import", file, "--on-existing", "skip"]);
  equal(skipped.code, 0, skipped.stderr);
  match(skipped.stdout, /40 already in the strand/);
  equal((await helix(["import", file, "--on-existing", "maybe"])).code, 64);
});

Deno.test("an interrupted import is reported by status and doctor, and running it again finishes it", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const file = join(home.path, "notes.jsonl");
  const text = jsonl(50);
  await Deno.writeTextFile(file, text);

  // The same records as the CLI reads them, imported until the process "dies" after 2 chunks.
  const engine = openEngine({ path: join(home.path, "strands", "default.db") });
  let chunks = 0;
  let stored = 0;
  await engine.importRecords(parseJsonl(text).records, (p) => {
    if (p.phase !== "store" || ++chunks < 2) return;
    stored = p.done;
    throw new Error("killed");
  }, { chunkSize: 20, label: file }).catch(() => {});
  engine.close();
  ok(stored > 0 && stored <= 40);

  const status = await helix(["status"]);
  equal(status.code, 0, status.stderr);
  match(status.stdout, /unfinished import/);
  match(
    status.stdout,
    new RegExp(`notes\\.jsonl: ${stored} of 51 records written .*run the same import again`),
  );
  const doctor = await helix(["doctor", "--no-model"]);
  equal(doctor.code, 0, "an unfinished import is a warning: the strand is sound");
  match(
    doctor.stdout,
    new RegExp(`! transfers +the import of .*notes\\.jsonl stopped at ${stored} of 51 records`),
  );

  const finished = await helix(["import", file]);
  equal(finished.code, 0, finished.stderr);
  match(finished.stdout, new RegExp(`finished the interrupted import: ${50 - stored} memories`));
  match(finished.stdout, new RegExp(`${stored} already in the strand`));
  const done = (await helix(["status", "--json"])).json();
  equal(done.memories, 50);
  equal(done.unfinished.length, 0);
  ok(!(await helix(["status"])).stdout.includes("unfinished"));
  match((await helix(["doctor", "--no-model"])).stdout, /✓ transfers +no import or merge/);
});
