/**
 * The outside check's notes on the CLI (issue 16): errors name what the user typed, `--json`
 * answers in JSON wherever it can, re-embedding and model ids say what is going on, and a
 * search lists only memories that match.
 */
import { equal, match, ok } from "node:assert/strict";
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
