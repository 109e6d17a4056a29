import { deepEqual, equal } from "node:assert/strict";
import { clientTarget } from "./clients.ts";
import { keeps, mergeTarget, sameValue, withPath } from "./merge.ts";

const WHERE = { home: "/home/ada", cwd: "/src/app", platform: "linux" };
const cursor = clientTarget("cursor", "user", WHERE, { command: "helix", args: ["mcp"] });

Deno.test("keeps() drops launch keys and non-stdio types, keeps the rest", () => {
  for (const key of ["command", "args", "env", "url", "serverUrl", "httpUrl", "headers"]) {
    equal(keeps(key, "x", cursor), false, key);
  }
  equal(keeps("type", "http", cursor), false);
  equal(keeps("type", "stdio", cursor), true);
  equal(keeps("type", "local", cursor), true);
  equal(keeps("timeout", 5, cursor), true);
});

Deno.test("mergeTarget() keeps the user's keys in place and appends Helix's", () => {
  const config = {
    mcpServers: { helix: { timeout: 5, command: "old", url: "http://x", trust: true } },
  };
  const { existing, entry } = mergeTarget(config, cursor, "helix");
  deepEqual(existing, config.mcpServers.helix);
  deepEqual(Object.entries(entry), [["timeout", 5], ["command", "helix"], ["trust", true], [
    "args",
    ["mcp"],
  ]]);
  deepEqual(mergeTarget({}, cursor, "helix"), {
    existing: undefined,
    entry: { command: "helix", args: ["mcp"] },
  });
});

Deno.test("sameValue() ignores key order and null prototypes", () => {
  const bare = Object.assign(Object.create(null), { b: [1, { c: 2 }], a: "x" });
  equal(sameValue({ a: "x", b: [1, { c: 2 }] }, bare), true);
  equal(sameValue({ a: "x" }, { a: "x", b: undefined }), false);
  equal(sameValue([1, 2], [2, 1]), false);
  equal(sameValue(new Date(0), new Date(0)), true);
});

Deno.test("withPath() copies only the objects on the path", () => {
  const other = { keep: true };
  const config = { other, s: { a: 1 } };
  const result = withPath(config, ["s", "b"], 2);
  deepEqual(result, { other, s: { a: 1, b: 2 } });
  equal(result.other, other);
  deepEqual(config, { other, s: { a: 1 } });
  deepEqual(withPath({ s: [1] }, ["s", "h"], 1), { s: { h: 1 } });
});
