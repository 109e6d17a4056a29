/**
 * The outside check's notes on the CLI (issue 16): errors name what the user typed, `--json`
 * answers in JSON wherever it can, re-embedding and model ids say what is going on, and a
 * search lists only memories that match, and `add` says which older memory a new one replaces.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("a bad value is named by the flag the user typed, never by an engine field path", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const cases: [string[], RegExp][] = [
    [
      ["list", "--status", "bogus"],
      /--status must be one of active, archived, forgotten, superseded, quarantined$/m,
    ],
    [["list", "--type", "active,bogus"], /--type must be one of /],
    [["list", "--tag", "!!"], /--tag: tags are words/],
    [["search", "x", "--as-of", "yesterday"], /--as-of: expected an ISO 8601 date/],
    [["context", "--as-of", "soon"], /--as-of: expected an ISO 8601 date/],
    [["add", "Ship on Friday", "--global", "--at", "whenever"], /--at: expected an ISO 8601/],
    [
      ["add", "Ship on Friday", "--global", "--agent", "a".repeat(101)],
      /--agent must be at most 100 characters/,
    ],
    [
      [
        "add",
        "Ship on Friday",
        "--global",
        "--valid-from",
        "2026-02-01",
        "--valid-to",
        "2026-01-01",
      ],
      /--valid-to must be after the time it becomes valid/,
    ],
  ];
  for (const [args, expected] of cases) {
    const result = await helix(args);
    equal(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    match(result.stderr, expected, args.join(" "));
    ok(
      !/statuses|types\.|asOf|eventAt|source\.|validTo|\.0\b|Invalid option/.test(result.stderr),
      result.stderr,
    );
    const json = await helix([...args, "--json"]);
    match(json.json().error.message, expected);
  }
  const relate = await helix(["relate", "bad", "owns", "mem_x_zzzz"]);
  equal(relate.code, 64);
  match(relate.stderr, /Cannot relate memories: <from-id>: expected a memory id/);
  const added = await helix(["add", "Deploys run on Fly.io", "--global", "--json"]);
  const id = added.json().id;
  for (
    const [args, expected] of [
      [["--at", "whenever"], /Cannot patch memory: --at: expected an ISO 8601/],
      [["--status", "bogus"], /Cannot patch memory: --status must be one of active, /],
      [["--valid-to", "2020-01-01"], /Cannot patch memory: --valid-to must be after the time/],
    ] as const
  ) {
    const result = await helix(["edit", id, ...args]);
    equal(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    match(result.stderr, expected);
  }
});

Deno.test("search --include-forgotten lists the forgotten match, not a memory merely linked to it", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const add = async (text: string) => (await helix(["add", text, "--global", "--json"])).json().id;
  const cents = await add("Prices are stored in cents in the billing tables.");
  const pnpm = await add("Use pnpm for every package script, never npm.");
  equal((await helix(["relate", cents, "related_to", pnpm])).code, 0);
  // While both are active, the link is a way from the match to its neighbour.
  const linked = (await helix(["search", "cents", "--scope", "all", "--json"])).json();
  deepEqual(linked.hits.map((h: { memory: { id: string } }) => h.memory.id), [cents, pnpm]);

  equal((await helix(["forget", cents])).code, 0);
  const result = await helix(["search", "cents", "--scope", "all", "--include-forgotten"]);
  equal(result.code, 0, result.stderr);
  match(result.stdout, /Prices are stored in cents/);
  ok(!result.stdout.includes("pnpm"), result.stdout);
  ok(!result.stdout.includes("0.000"), result.stdout);
  match(
    result.stderr,
    /graph skipped: the hits are forgotten memories, whose links are not followed/,
  );
  const json = await helix(["search", "cents", "--scope", "all", "--include-forgotten", "--json"]);
  deepEqual(json.json().hits.map((h: { memory: { id: string } }) => h.memory.id), [cents]);
});

Deno.test("reembed with embeddings off says they are off and how to turn them on", async () => {
  await using home = await tempDir();
  const helix = cli(home.path); // HELIX_EMBEDDER=none
  equal((await helix(["init"])).code, 0);
  equal((await helix(["add", "Deploys run from scripts/release.sh", "--global"])).code, 0);
  equal((await helix(["config", "set", "model", "Xenova/all-MiniLM-L6-v2"])).code, 0);
  const result = await helix(["reembed"]);
  equal(result.code, 0, result.stderr);
  match(
    result.stdout,
    /Embeddings are off \(HELIX_EMBEDDER=none\), so there is nothing to re-embed/,
  );
  match(result.stdout, /To move it to Xenova\/all-MiniLM-L6-v2: unset HELIX_EMBEDDER/);
  ok(!result.stdout.includes("already uses"), result.stdout);
  deepEqual((await helix(["reembed", "--json"])).json(), {
    switched: false,
    embedder: "none",
    model: "Xenova/bge-small-en-v1.5",
    configured: "Xenova/all-MiniLM-L6-v2",
  });
});

Deno.test("config set model refuses what is not a model id, and keeps the setting", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  for (const bad of ["bad model!!", "../models/x", "/opt/models/bge", "a/b/c", "owner/na me", ""]) {
    const result = await helix(["config", "set", "model", bad]);
    equal(result.code, 64, `${JSON.stringify(bad)}: ${result.stderr}`);
    match(
      result.stderr,
      bad ? /model must be a model id like Xenova\/bge-small-en-v1\.5/ : /model/,
    );
  }
  equal(
    (await helix(["config", "get", "model", "--json"])).json().value,
    "Xenova/bge-small-en-v1.5",
  );
  for (
    const good of [
      "Xenova/all-MiniLM-L6-v2",
      "BAAI/bge-m3",
      "text-embedding-3-small",
      "nomic-embed-text:latest",
    ]
  ) {
    equal((await helix(["config", "set", "model", good])).code, 0, good);
  }
  // The variable is held to the same rule.
  const env = cli(home.path, { HELIX_MODEL: "bad model!!" });
  const status = await env(["status"]);
  equal(status.code, 64, status.stderr);
  match(status.stderr, /HELIX_MODEL must be a model id/);
});

Deno.test("--json answers in JSON on help, a command's help, the version; completions refuses it", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  for (const args of [["--json"], ["help", "--json"], ["--json", "help"]]) {
    const result = await helix(args);
    equal(result.code, 0, args.join(" "));
    const help = result.json();
    const search = help.commands.find((c: { name: string }) => c.name === "search");
    ok(search.flags.some((f: { name: string }) => f.name === "--as-of"), args.join(" "));
    ok(help.globalFlags.some((f: { name: string }) => f.name === "--json"));
  }
  const viaHelp = await helix(["help", "list", "--json"]);
  const viaFlag = await helix(["list", "--help", "--json"]);
  equal(viaHelp.code, 0);
  equal(viaFlag.stdout, viaHelp.stdout);
  const list = viaHelp.json();
  equal(list.name, "list");
  deepEqual(list.flags.find((f: { name: string }) => f.name === "--status"), {
    name: "--status",
    type: "string",
    repeatable: true,
  });
  for (const args of [["--version", "--json"], ["--json", "-V"], ["version", "--json"]]) {
    deepEqual(Object.keys((await helix(args)).json()), ["version"], args.join(" "));
  }
  const unknown = await helix(["help", "nosuch", "--json"]);
  equal(unknown.code, 64);
  equal(unknown.json().error.code, "usage");
  const completions = await helix(["completions", "bash", "--json"]);
  equal(completions.code, 64);
  match(completions.json().error.message, /shell script, which has no JSON form/);
  // Without --json, text as before.
  match((await helix(["--version"])).stdout, /^helix \d+\.\d+\.\d+\n$/);
  match((await helix(["completions", "bash"])).stdout, /complete -o default -F _helix helix/);
});

Deno.test("an import names the line and the line's own field names, never records[i].validFrom", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const file = `${home.path}/in.jsonl`;
  const cases: [string, RegExp][] = [
    [
      '{"content":"a","valid_from":"yesterday"}',
      /^helix: Cannot import line 1: valid_from must be an ISO 8601 date or time in quotes/,
    ],
    [
      '\n{"content":"a","importance":99}',
      /^helix: Cannot import line 2: importance must be at most 10$/m,
    ],
    [
      '{"content":"a","valid_from":"2026-01-02","valid_to":"2025-01-01"}',
      /^helix: Cannot import line 1: valid_to must not be before the time it becomes valid$/m,
    ],
    [
      '{"content":"a","id":"mem_a_zzzz"}\n{"content":"b","id":"mem_a_zzzz"}',
      /^helix: Cannot import line 2: id: repeats the id of line 1$/m,
    ],
  ];
  for (const [text, expected] of cases) {
    await Deno.writeTextFile(file, `${text}\n`);
    const result = await helix(["import", file]);
    equal(result.code, 64, result.stderr);
    match(result.stderr, expected);
    ok(!/records\[|validFrom|validTo|epoch|Too big/.test(result.stderr), result.stderr);
    const json = (await helix(["import", file, "--json"])).json();
    match(`helix: ${json.error.message}`, expected);
  }
});

Deno.test("add says the new memory was added and which older one it replaces", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const old = (await helix(["add", "Mobile bugs are tracked in Linear.", "--global", "--json"]))
    .json().memory;
  const result = await helix([
    "add",
    "We moved mobile bug tracking from Linear to Jira.",
    "--global",
  ]);
  equal(result.code, 0, result.stderr);
  match(result.stdout, /^added mem_\S+ \(fact, global\); it replaces (\S+) \(now superseded\)/);
  ok(result.stdout.includes(`it replaces ${old.id} (now superseded)`), result.stdout);
  ok(!/^superseded /.test(result.stdout), "the new memory is not the one superseded");
});
