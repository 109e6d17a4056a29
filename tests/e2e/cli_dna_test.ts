/**
 * `helix export` / `import` / `merge` of `.dna` files end to end, in process: real files in
 * temporary homes, the passphrase from HELIX_PASSPHRASE or the (fake) terminal, the failure
 * exit codes, and a merge that leaves a conflict open until it is settled. Each passphrase
 * seal or open costs one Argon2id derivation (~0.8 s): the tests use twelve in all.
 *
 * @module
 */
import { join } from "node:path";
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { openEngine } from "../../core/mod.ts";
import { COMMANDS } from "../../cli/commands/index.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

const PASSPHRASE = "correct horse battery staple";

/** The strand's state hash (memories, edges, provenance), read directly. */
function stateHash(home: string): string {
  const engine = openEngine({ path: join(home, "strands", "default.db"), embedder: null });
  try {
    return engine.stateHash();
  } finally {
    engine.close();
  }
}

/** Every memory, as id → scope and content. */
async function memories(helix: ReturnType<typeof cli>): Promise<Record<string, string>> {
  const listed = (await helix(["list", "--scope", "all", "--limit", "500", "--json"])).json();
  return Object.fromEntries(
    listed.items.map((m: { id: string; scope: string; content: string }) => [
      m.id,
      `${m.scope} ${m.content}`,
    ]),
  );
}

Deno.test("export to .dna and import elsewhere: same memories, nothing twice, scopes, failures", async (t) => {
  await using homeA = await tempDir();
  await using homeB = await tempDir();
  await using homeC = await tempDir();
  const a = cli(homeA.path);
  const withKey = (home: string) => cli(home, { HELIX_PASSPHRASE: PASSPHRASE });
  const b = withKey(homeB.path);
  // C's strand is pinned to another embedding model (never reached: ops carry no vectors).
  const otherModel = {
    HELIX_EMBEDDER: "openai",
    HELIX_MODEL: "text-embedding-3-small",
    HELIX_MODEL_DIMENSION: "1536",
    HELIX_OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
  };
  const inC = (env: Record<string, string> = {}) => cli(homeC.path, { ...otherModel, ...env });
  const c = inC({ HELIX_PASSPHRASE: PASSPHRASE });
  const add = async (content: string, scope: string) =>
    (await a(["add", content, "--scope", scope, "--type", "fact", "--json"])).json().memory.id;
  const pg = await add("Billing stores invoices in Postgres 16", "project:x");
  const ledger = await add("Ledger writes go through ledger.post()", "project:x");
  const tabs = await add("I prefer tabs over spaces", "global");
  equal((await a(["relate", pg, "related_to", ledger])).code, 0);
  const file = join(homeA.path, "a.dna");

  await t.step(
    "the passphrase is asked twice without echo; the file is sealed and signed",
    async () => {
      const differ = await a(["export", file], { secrets: [PASSPHRASE, "another"] });
      equal(differ.code, 64);
      match(differ.stderr, /passphrases differ/);
      equal(await Deno.stat(file).then(() => true, () => false), false);
      equal((await a(["export", file], { secrets: [""] })).code, 64);

      const exported = await a(["export", file, "--json"], { secrets: [PASSPHRASE, PASSPHRASE] });
      equal(exported.code, 0, exported.stderr);
      match(exported.stderr, /Passphrase for .*a\.dna: \n.*again: \n/);
      ok(!exported.stderr.includes(PASSPHRASE) && !exported.stdout.includes(PASSPHRASE));
      const summary = exported.json();
      equal(summary.path, file);
      equal(summary.kind, "export");
      deepEqual({ ...summary.counts, ops: 0 }, { ops: 0, memories: 3, edges: 1 });
      equal(summary.bytes, (await Deno.readFile(file)).length);
      const key = await Deno.stat(join(homeA.path, "keys", "device.json"));
      equal(key.mode! & 0o777, 0o600);
      equal((await Deno.stat(file)).mode! & 0o777, 0o600, "the file is the owner's only");
      match(summary.signer, /^[0-9a-f]{32}$/);
    },
  );

  await t.step("a fresh home imports the same memories; importing again adds nothing", async () => {
    const imported = await b(["import", file, "--json"]);
    equal(imported.code, 0, imported.stderr);
    const report = imported.json();
    equal(report.added, report.received);
    equal(report.open, 0);
    equal(report.embedding.compatible, true);
    deepEqual(await memories(b), await memories(a));
    equal(stateHash(homeB.path), stateHash(homeA.path));

    const again = await b(["import", file]);
    equal(again.code, 0, again.stderr);
    match(again.stdout, /imported .*a\.dna \(export: \d+ ops, 3 memories, 1 edge\)/);
    match(again.stdout, /0 new ops added, \d+ already here/);
    match(again.stdout, /signed by [0-9a-f]{32}/);
  });

  const delta = join(homeA.path, "x.dna");
  await t.step("--scope exports only that scope's memories", async () => {
    const exported = await withKey(homeA.path)(["export", delta, "--scope", "project:x"]);
    equal(exported.code, 0, exported.stderr);
    match(exported.stdout, /kind\s+delta of project:x/);
    match(exported.stdout, /2 memories, 1 edge\n/);
    const imported = await c(["import", delta]);
    equal(imported.code, 0, imported.stderr);
    match(
      imported.stdout,
      /the file's memories were embedded with Xenova\/bge-small-en-v1\.5 \(dim 384\)/,
    );
    match(imported.stdout, /this strand uses text-embedding-3-small \(dim 1536\)/);
    match(imported.stdout, /by `helix backfill`; `helix reembed` moves the strand/);
    const got = await memories(c);
    deepEqual(Object.keys(got).sort(), [pg, ledger].sort());
    ok(!(tabs in got));
  });

  await t.step("failures exit with their own code and leave the strand unchanged", async () => {
    const before = stateHash(homeC.path);
    const wrong = await inC({ HELIX_PASSPHRASE: "wrong horse" })([
      "import",
      file,
      "--json",
    ]);
    equal(wrong.code, 77, wrong.stderr);
    equal(wrong.json().error.code, "decrypt_failed");
    match(wrong.stderr, /passphrase in HELIX_PASSPHRASE does not open it/);

    const bytes = await Deno.readFile(file);
    const flipped = join(homeC.path, "flipped.dna");
    const altered = bytes.slice();
    altered[Math.floor(altered.length / 2)]! ^= 0x01;
    await Deno.writeFile(flipped, altered);
    const tampered = await c(["merge", flipped, "--json"]);
    equal(tampered.code, 79, tampered.stderr);
    equal(tampered.json().error.code, "bad_signature");

    const newer = bytes.slice();
    newer[8] = 0xff; // the format version
    await Deno.writeFile(flipped, newer);
    const future = await c(["import", flipped, "--json"]);
    equal(future.code, 80, future.stderr);
    equal(future.json().error.code, "unsupported_version");

    const garbage = join(homeC.path, "garbage.dna");
    await Deno.writeTextFile(garbage, "not a dna file at all\n");
    const notDna = await c(["merge", garbage]);
    equal(notDna.code, 64);
    match(notDna.stderr, /is not a \.dna file/);
    equal(stateHash(homeC.path), before);
  });

  await t.step("no passphrase: a usage error naming HELIX_PASSPHRASE, never a flag", async () => {
    const none = await inC()(["merge", file]);
    equal(none.code, 64);
    match(none.stderr, /set HELIX_PASSPHRASE \(there is no terminal to ask on\)/);
    equal((await inC({ HELIX_PASSPHRASE: "" })(["merge", file])).code, 64);
    const flag = await inC()(["export", join(homeC.path, "y.dna"), "--passphrase", "x"]);
    equal(flag.code, 64);
    match(flag.stderr, /--passphrase/);
    equal((await c(["export", "-"])).code, 64, "a .dna never goes to standard output");
    for (const command of COMMANDS) {
      for (const option of Object.keys(command.options)) {
        ok(!/pass|secret|key/i.test(option), `helix ${command.name} --${option}`);
      }
    }
  });
});

Deno.test("helix merge lists an open conflict and exits 1 until it is settled", async () => {
  await using homeA = await tempDir();
  await using homeB = await tempDir();
  const a = cli(homeA.path, { HELIX_PASSPHRASE: PASSPHRASE });
  const b = cli(homeB.path, { HELIX_PASSPHRASE: PASSPHRASE });
  const id = (await a(["add", "The billing service listens on port 8080", "--global", "--json"]))
    .json().memory.id;
  const aFile = join(homeA.path, "a.dna");
  equal((await a(["export", aFile])).code, 0);
  equal((await b(["import", aFile])).code, 0);

  const edit = (helix: typeof a, content: string) => helix(["edit", id, "--content", content]);
  equal((await edit(a, "The billing service listens on port 9090")).code, 0);
  equal((await edit(b, "The billing service listens on port 7070")).code, 0);
  const bFile = join(homeB.path, "b.dna");
  equal((await b(["export", bFile])).code, 0);

  const merged = await a(["merge", bFile]);
  equal(merged.code, 1, merged.stderr);
  match(merged.stdout, /merged .*b\.dna/);
  match(merged.stdout, /1 new op added/);
  match(merged.stdout, /undo with: helix rollback [0-9a-f]{12}/);
  match(merged.stdout, /1 open conflict\n/);
  match(merged.stdout, new RegExp(`conflict text  ${id}`));
  match(merged.stdout, /<<<<<<< [\s\S]*(7070|9090)[\s\S]*=======[\s\S]*>>>>>>> /);

  const json = await a(["merge", bFile, "--json"]);
  equal(json.code, 1, "conflicts still open");
  const report = json.json();
  equal(report.added, 0);
  equal(report.open, 1);
  equal(report.openConflicts[0].kind, "text");
  equal(report.openConflicts[0].memory, id);
  match(report.openConflicts[0].memories[0].content, /<<<<<<< /);

  equal((await edit(a, "The billing service listens on port 9090")).code, 0);
  const settled = await a(["merge", bFile]);
  equal(settled.code, 0, settled.stdout);
  match(settled.stdout, /0 new ops added/);
  ok(!settled.stdout.includes("conflict"));
});
