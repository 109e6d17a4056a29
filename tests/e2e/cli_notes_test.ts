/**
 * The outside check's notes on the CLI (issue 16): errors name what the user typed, `--json`
 * answers in JSON wherever it can, re-embedding and model ids say what is going on, and a
 * search lists only memories that match.
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
  ];
  for (const [args, expected] of cases) {
    const result = await helix(args);
    equal(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    match(result.stderr, expected, args.join(" "));
    ok(!/statuses|types\.|asOf|\.0\b|Invalid option/.test(result.stderr), result.stderr);
    const json = await helix([...args, "--json"]);
    match(json.json().error.message, expected);
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
  const json = await helix(["search", "cents", "--scope", "all", "--include-forgotten", "--json"]);
  deepEqual(json.json().hits.map((h: { memory: { id: string } }) => h.memory.id), [cents]);
});
