import { deepEqual, equal, throws } from "node:assert/strict";
import { JsoncSyntaxError, parseJsonc, setMember } from "./jsonc.ts";

function set(text: string, path: string[], value: unknown, comments = true): string {
  return setMember(text, parseJsonc(text, { comments }).root, path, value);
}

Deno.test("parseJsonc() builds the same values as JSON.parse", () => {
  const text = '{"a": [1, -2.5e3, true, false, null], "b": {"c": "\\u00e9\\n"}, "a": 0}';
  deepEqual(parseJsonc(text).value, JSON.parse(text));
  deepEqual(parseJsonc('  "x"  ').value, "x");
});

Deno.test("parseJsonc() keeps __proto__ as an own key", () => {
  const value = parseJsonc('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
  equal(Object.hasOwn(value, "__proto__"), true);
  equal(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("parseJsonc() returns undefined for a blank text", () => {
  deepEqual(parseJsonc(" \n\t"), { value: undefined, root: undefined });
  deepEqual(parseJsonc("\uFEFF"), { value: undefined, root: undefined });
});

Deno.test("parseJsonc() accepts comments and trailing commas only when asked", () => {
  const text = '{\n  // line\n  "a": 1, /* block */\n  "b": [2,],\n}\n';
  deepEqual(parseJsonc(text, { comments: true }).value, { a: 1, b: [2] });
  throws(() => parseJsonc(text), /comments are not allowed at line 2, column 3/);
  throws(() => parseJsonc('{"a": 1,}'), /trailing commas are not allowed at line 1, column 8/);
});

Deno.test("parseJsonc() reports the line and column of a syntax error", async (t) => {
  const cases: [string, RegExp][] = [
    ['{\n  "a": 1\n  "b": 2\n}', /expected ',' or '}' at line 3, column 3/],
    ['{\n  "a": tru\n}', /unexpected character "t" at line 2, column 8/],
    ['{"a": "x', /unterminated string at line 1, column 7/],
    ['{"a": 1', /unexpected end of file at line 1, column 8/],
    ["[1, 2", /unexpected end of file at line 1, column 6/],
    ['{"a": "\\q"}', /invalid escape in a string at line 1, column 7/],
    ['{"a": 1} x', /unexpected content after the JSON value at line 1, column 10/],
    ["{a: 1}", /expected a property name in double quotes at line 1, column 2/],
    ["/* open", /unterminated comment/],
  ];
  for (const [text, message] of cases) {
    await t.step(JSON.stringify(text), () => {
      throws(() => parseJsonc(text, { comments: true }), (error: unknown) => {
        return error instanceof JsoncSyntaxError && message.test(error.message);
      });
    });
  }
});

Deno.test("setMember() replaces an existing value in place, indented like its member", () => {
  const text = '{\n  "a": {\n    "x": 1, // keep\n    "y": [1]\n  }\n}\n';
  equal(
    set(text, ["a", "y"], { z: [2] }),
    '{\n  "a": {\n    "x": 1, // keep\n    "y": {\n      "z": [\n        2\n      ]\n    }\n  }\n}\n',
  );
});

Deno.test("setMember() appends a member after the last one, keeping its trailing comment", () => {
  const text = '{\n  "a": 1, // one\n  "b": 2 // two\n}\n';
  equal(set(text, ["c"], 3), '{\n  "a": 1, // one\n  "b": 2, // two\n  "c": 3\n}\n');
});

Deno.test("setMember() keeps a trailing comma style", () => {
  const text = '{\n  "a": 1,\n}\n';
  equal(set(text, ["b"], 2), '{\n  "a": 1,\n  "b": 2,\n}\n');
});

Deno.test("setMember() creates the missing objects on the path", () => {
  equal(set('{\n  "a": 1\n}', ["s", "h"], 1), '{\n  "a": 1,\n  "s": {\n    "h": 1\n  }\n}');
  equal(set("{}", ["s", "h"], 1), '{\n  "s": {\n    "h": 1\n  }\n}');
  equal(set('{\n  "s": {}\n}', ["s", "h"], 1), '{\n  "s": {\n    "h": 1\n  }\n}');
  equal(
    set('{\n  "s": {\n    // none yet\n  }\n}', ["s", "h"], 1),
    '{\n  "s": {\n    "h": 1\n    // none yet\n  }\n}',
  );
});

Deno.test("setMember() writes a new document for a blank text", () => {
  equal(
    set("", ["s", "h"], { c: "x" }),
    '{\n  "s": {\n    "h": {\n      "c": "x"\n    }\n  }\n}\n',
  );
  equal(set("\n\n", ["a"], 1), '{\n  "a": 1\n}\n');
});

Deno.test("setMember() follows the file's indentation and line endings", () => {
  equal(set('{\n\t"a": 1\n}', ["b"], [1]), '{\n\t"a": 1,\n\t"b": [\n\t\t1\n\t]\n}');
  equal(
    set('{\r\n    "a": 1\r\n}\r\n', ["b"], { c: 1 }),
    '{\r\n    "a": 1,\r\n    "b": {\r\n        "c": 1\r\n    }\r\n}\r\n',
  );
});

Deno.test("setMember() keeps a one-line object on one line", () => {
  equal(set('{"a": 1}', ["b"], { c: [1] }), '{"a": 1, "b": {"c":[1]}}');
  equal(set('{"s": {"a": 1}}', ["s", "b"], 2), '{"s": {"a": 1, "b": 2}}');
});

Deno.test("setMember() edits the last of repeated keys, the one JSON.parse keeps", () => {
  const text = '{"s": {"a": 1}, "s": {"b": 2}}';
  const after = set(text, ["s", "c"], 3);
  deepEqual(JSON.parse(after), { s: { b: 2, c: 3 } });
});

Deno.test("setMember() refuses to go through a value that is not an object", () => {
  throws(() => set('{"s": [1]}', ["s", "h"], 1), TypeError);
  throws(() => set("[1]", ["h"], 1), TypeError);
});
