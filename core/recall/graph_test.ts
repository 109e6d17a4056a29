import { deepEqual, equal, ok } from "node:assert/strict";
import { personalizedPageRank, shortestPath } from "./graph.ts";

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

Deno.test("shortestPath() follows edges both ways and names the relations", () => {
  const edges = [edge("svc", "decision", "has_decision"), edge("priya", "svc", "owns")];
  deepEqual(shortestPath(["decision"], "priya", edges), {
    nodes: ["decision", "svc", "priya"],
    relations: ["has_decision", "owns"],
  });
  equal(shortestPath(["decision"], "nobody", edges), null);
});
