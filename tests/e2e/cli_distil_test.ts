/**
 * What `helix sleep` distils from recurring episodes is true of every episode it archives: a
 * rule never states one episode's particulars (its service, its run number) as the rule.
 */
import { equal, match, ok } from "node:assert/strict";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("a distilled rule keeps what varies across its episodes and drops their run numbers", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const services = ["billing", "uploads", "reports", "checkout"];
  for (const [i, service] of services.entries()) {
    const content = `Had to clear the turbo cache before the ${service} deploy, run ${
      40 + i * 17
    } (session ${i}).`;
    equal((await helix(["add", content, "--type", "episode", "--scope", "web"])).code, 0);
  }
  equal((await helix(["sleep"])).code, 0);
  const rules = (await helix(["list", "--scope", "web", "--type", "convention,fact", "--json"]))
    .json().items;
  equal(rules.length, 1, JSON.stringify(rules));
  const rule = rules[0].content as string;
  match(rule, /^Clear the turbo cache before the \w+ deploy/);
  ok(!/\brun \d+/.test(rule), `a run number of one episode became the rule: ${rule}`);
  for (const service of services) ok(rule.includes(service), `${service} is missing: ${rule}`);
  // The episodes are archived, and a search for any one's service finds the rule.
  const found = await helix(["search", "turbo cache reports deploy", "--scope", "web", "--json"]);
  equal(found.json().hits[0].memory.content, rule);
});
