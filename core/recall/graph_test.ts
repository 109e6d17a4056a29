import { deepEqual, equal, ok } from "node:assert/strict";
import { personalizedPageRank } from "./pagerank.ts";
import { shortestPaths } from "./paths.ts";

const edge = (from: string, to: string, relation = "related_to", weight = 1) => ({
  from,
  to,
  relation,
  weight,
});

Deno.test("personalizedPageRank() conserves mass and favours nodes linked to several seeds", () => {
  const rank = personalizedPageRank(new Map([["a", 1], ["b", 1]]), [
    edge("a", "hub"),
    edge("b", "hub"),
    edge("a", "leaf"),
  ]);
  const total = [...rank.values()].reduce((x, y) => x + y, 0);
  ok(Math.abs(total - 1) < 1e-9, `mass ${total}`);
  ok(rank.get("hub")! > rank.get("leaf")!, "two seeds point at the hub");
});

Deno.test("personalizedPageRank() weighs relations: supersedes carries little", () => {
  const rank = personalizedPageRank(new Map([["new", 1]]), [
    edge("new", "old", "supersedes"),
    edge("new", "owner", "owns"),
  ]);
  ok(rank.get("owner")! > 3 * rank.get("old")!);
});

Deno.test("personalizedPageRank() keeps isolated seeds and ignores zero-weight edges", () => {
  const rank = personalizedPageRank(new Map([["a", 3], ["b", 1]]), [
    edge("a", "c", "related_to", 0),
  ]);
  equal(rank.get("c"), undefined);
  ok(Math.abs(rank.get("a")! - 0.75) < 1e-9);
});

Deno.test("shortestPaths() follows edges both ways and names the relations", () => {
  const edges = [edge("svc", "decision", "has_decision"), edge("priya", "svc", "owns")];
  const pathTo = shortestPaths(["decision"], edges);
  deepEqual(pathTo("priya"), {
    nodes: ["decision", "svc", "priya"],
    relations: ["has_decision", "owns"],
  });
  deepEqual(pathTo("decision"), { nodes: ["decision"], relations: [] });
  equal(pathTo("nobody"), null);
});

Deno.test("shortestPaths() prefers fewer hops, then the lexicographically first route", () => {
  const edges = [
    edge("s2", "x"),
    edge("s1", "b"),
    edge("s1", "a"),
    edge("a", "t"),
    edge("b", "t"),
    edge("x", "y"),
    edge("y", "t"),
  ];
  const pathTo = shortestPaths(["s2", "s1"], edges);
  deepEqual(pathTo("t")!.nodes, ["s1", "a", "t"], "two hops from s1 via a, not three from s2");
  deepEqual(pathTo("y")!.nodes, ["s2", "x", "y"]);
});
