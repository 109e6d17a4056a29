/**
 * Imports sniff what they are given: a `.dna` whose header is damaged is a corrupt `.dna`
 * (65), not "line 1 is not JSON"; binary data is not JSONL; JSONL refuses numbers for dates
 * (seconds or milliseconds?) and text holding a lone UTF-16 surrogate.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("a .dna with a damaged header is reported as a corrupt .dna", async () => {
  await using home = await tempDir();
  const helix = cli(home.path, { HELIX_PASSPHRASE: "correct horse battery staple" });
  equal((await helix(["add", "Deploys need two approvals."])).code, 0);
  const file = join(home.path, "team.dna");
  equal((await helix(["export", file])).code, 0);
  const bytes = await Deno.readFile(file);
  bytes[3] = bytes[3]! ^ 0xff; // one byte of the magic
  await Deno.writeFile(file, bytes);
  for (const command of ["import", "merge"]) {
    const result = await helix([command, file]);
    equal(result.code, 65, `${command}: ${result.stderr}`);
    match(result.stderr, /damaged \.dna header|corrupt/);
  }
  await Deno.writeFile(join(home.path, "blob.bin"), Uint8Array.of(1, 2, 0, 3, 4));
  const binary = await helix(["import", join(home.path, "blob.bin")]);
  equal(binary.code, 65);
  match(binary.stderr, /binary data, not JSONL/);

  // A file named .dna that is empty (a copy that never arrived) or zeros is not "0 imported".
  await Deno.writeFile(join(home.path, "empty.dna"), new Uint8Array());
  const empty = await helix(["import", join(home.path, "empty.dna")]);
  equal(empty.code, 65, empty.stdout);
  match(empty.stderr, /empty\.dna: the file is empty, so not a \.dna file/);
  await Deno.writeFile(join(home.path, "zeros.dna"), new Uint8Array(1266));
  const zeros = await helix(["import", join(home.path, "zeros.dna")]);
  equal(zeros.code, 65);
  match(zeros.stderr, /zeros\.dna: it has no \.dna header/);
  // An empty .jsonl is still no lines.
  await Deno.writeFile(join(home.path, "empty.jsonl"), new Uint8Array());
  equal((await helix(["import", join(home.path, "empty.jsonl")])).code, 0);
});

Deno.test("JSONL refuses numbers for dates and lone surrogates in text, naming the line", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const numbers = join(home.path, "numbers.jsonl");
  await Deno.writeTextFile(
    numbers,
    '{"content":"Kickoff was on day one."}\n{"content":"Launch day.","event_at":1700000000}\n',
  );
  const date = await helix(["import", numbers]);
  equal(date.code, 64);
  match(date.stderr, /line 2: "event_at" must be an ISO 8601 date or time in quotes/);

  const surrogate = join(home.path, "surrogate.jsonl");
  await Deno.writeTextFile(surrogate, '{"content":"Broken \\ud800 text"}\n');
  const broken = await helix(["import", surrogate]);
  equal(broken.code, 64);
  match(broken.stderr, /line 1: "content" holds a lone surrogate \(\\ud800\)/);
  // A low surrogate alone, deeper in the record: the message names that field and that unit.
  await Deno.writeTextFile(surrogate, '{"content":"Fine."}\n{"content":"x","tags":["a\\udc01"]}\n');
  const low = await helix(["import", surrogate]);
  equal(low.code, 64);
  match(low.stderr, /line 2: "tags\[0\]" holds a lone surrogate \(\\udc01\)/);
  equal((await helix(["status", "--json"])).code, 66, "nothing was written: no strand");
});
