import { deepEqual, equal } from "node:assert/strict";
import { parse } from "smol-toml";
import { replaceTable, scanToml, tomlKey, tomlString, tomlValue } from "./toml_table.ts";

const TRICKY = `# top
title = "a [not] header"
dates = 1979-05-27 07:32:00Z # a date with a space
multi = """
[not.a.header]
\\""" "quoted" """"
literal = '''
[nor.this]'''
nested = [
  ["[x]", { a = "#" }], # comment
  [ 'y' ],
]

[ "quoted . key" . 'lit' ]  # header comment
k = 1

[[bin]]
name = "a"
`;

Deno.test("scanToml() finds headers and entries around strings, arrays and comments", () => {
  parse(TRICKY); // the scanner assumes valid TOML
  const blocks = scanToml(TRICKY);
  deepEqual(
    blocks.map((b) => [b.header?.path, b.header?.array, b.entries.map((e) => e.key.join("."))]),
    [
      [undefined, undefined, ["title", "dates", "multi", "literal", "nested"]],
      [["quoted . key", "lit"], false, ["k"]],
      [["bin"], true, ["name"]],
    ],
  );
  const nested = blocks[0]!.entries[4]!;
  equal(
    TRICKY.slice(nested.start, nested.end),
    `nested = [\n  ["[x]", { a = "#" }], # comment\n  [ 'y' ],\n]\n`,
  );
});

Deno.test("scanToml() ends a block's content at its last entry", () => {
  const text = "[a]\nx = 1\n\n# about b\n[b]\n";
  const [, a] = scanToml(text);
  equal(text.slice(a!.start, a!.contentEnd), "[a]\nx = 1\n");
});

Deno.test("replaceTable() rewrites only the table, keeping the entries it does not drop", () => {
  const text = [
    "# head",
    "[s.h]",
    "# inside: dropped",
    'command = "old" # old',
    "timeout = 30 # kept",
    "env.A = '1'",
    "",
    "[s.h.env]",
    'B = "2"',
    "",
    "[s.h.tools.x]",
    'approval_mode = "approve"',
    "",
    "# tail",
    "",
  ].join("\n");
  const after = replaceTable(text, {
    path: ["s", "h"],
    lines: 'command = "new"\nenv = { C = "3" }\n',
    drops: (key) => key === "command" || key === "env",
  });
  equal(
    after,
    [
      "# head",
      "[s.h]",
      'command = "new"',
      'env = { C = "3" }',
      "timeout = 30 # kept",
      "",
      "[s.h.tools.x]",
      'approval_mode = "approve"',
      "",
      "# tail",
      "",
    ].join("\n"),
  );
  deepEqual(JSON.parse(JSON.stringify(parse(after))), {
    s: {
      h: {
        command: "new",
        env: { C: "3" },
        timeout: 30,
        tools: { x: { approval_mode: "approve" } },
      },
    },
  });
});

Deno.test("replaceTable() adds a missing table after its siblings, or at the end", () => {
  const edit = { path: ["s", "h"], lines: "x = 1\n", drops: () => true };
  equal(
    replaceTable("a = 1\n\n[s.o]\ny = 2\n\n# next\n[p]\n", edit),
    "a = 1\n\n[s.o]\ny = 2\n\n[s.h]\nx = 1\n\n# next\n[p]\n",
  );
  equal(replaceTable("a = 1", edit), "a = 1\n\n[s.h]\nx = 1\n");
  equal(replaceTable("", edit), "[s.h]\nx = 1\n");
  equal(replaceTable("[p]\r\nq = 1\r\n", edit), "[p]\r\nq = 1\r\n\r\n[s.h]\r\nx = 1\n");
});

Deno.test("tomlString() and tomlValue() encode values TOML reads back", () => {
  const value = 'a "quoted" \\ path\twith\nnewline \u0001 é 😀';
  equal(tomlString("plain"), '"plain"');
  deepEqual(parse(`v = ${tomlString(value)}`), { v: value });
  deepEqual(
    JSON.parse(
      JSON.stringify(
        parse(
          `a = ${tomlValue(["x", "y z"])}\nt = ${tomlValue({ "A.B": "1", C: "2" })}\ne = ${
            tomlValue({})
          }`,
        ),
      ),
    ),
    { a: ["x", "y z"], t: { "A.B": "1", C: "2" }, e: {} },
  );
  equal(tomlKey("helix"), "helix");
  equal(tomlKey("my.server"), '"my.server"');
});
