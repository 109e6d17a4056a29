import fc from "fast-check";
import { equal, ok, throws } from "node:assert/strict";
import { MEMORY_TYPES } from "../model/types.ts";
import { createImportanceCache } from "./importance.ts";
import { importance } from "./importance_rules.ts";

Deno.test("importance() is an integer from 1 to 10 for any input", () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 300 }),
      fc.option(fc.constantFrom(...MEMORY_TYPES)),
      fc.array(
        fc.constantFrom(
          "cue:always",
          "decision:switch",
          "error:failure",
          "fix:fix",
          "chatter",
          "ack",
          "duplicate",
          "explicit",
        ),
      ),
      (content, type, signals) => {
        const value = importance(type === null ? content : { content, type }, signals);
        ok(Number.isInteger(value) && value >= 1 && value <= 10, `${value}`);
        equal(importance(type === null ? content : { content, type }, signals), value);
      },
    ),
  );
});

Deno.test("importance() rates rules, decisions and warnings above episodes and chatter", () => {
  const rule = importance({ type: "convention", content: "Never force-push to main." });
  const decision = importance({
    type: "decision",
    content: "We decided to move billing from Postgres to SQLite.",
  });
  const warning = importance({
    type: "fact",
    content: "`deno compile` breaks when the path contains spaces.",
    triggers: ["deno compile"],
  });
  const episode = importance({ type: "episode", content: "We looked at the logs this morning." });
  const chatter = importance("Let me look at that file.");
  const ack = importance("thanks!");
  ok(rule >= 8, `rule ${rule}`);
  ok(decision >= 8, `decision ${decision}`);
  ok(warning > episode, `warning ${warning} vs episode ${episode}`);
  ok(episode > chatter, `episode ${episode} vs chatter ${chatter}`);
  equal(ack, 1);
});

Deno.test("importance() raises errors with their fix and dense named entities", () => {
  const plain = importance({ type: "episode", content: "The nightly job ran late." });
  const fixed = importance({
    type: "episode",
    content: "The nightly job failed; fixed by raising the timeout in `sync_test.ts`.",
  });
  ok(fixed > plain, `${fixed} > ${plain}`);
  const named = importance({
    type: "fact",
    content: "`billing` uses SQLite via `sqlite-vec` in core/store/vectors.ts.",
  });
  ok(named > importance({ type: "fact", content: "the thing uses the other thing" }));
});

Deno.test("importance() counts a gate signal once, whether or not the text shows it", () => {
  const text = "From now on, always run `deno task ok` before committing.";
  equal(importance(text, ["cue:always", "cue:from-now-on"]), importance(text));
  ok(importance("We use tabs.", ["explicit"]) > importance("We use tabs."));
  ok(importance("We use tabs.", ["duplicate"]) < importance("We use tabs."));
});

Deno.test("createImportanceCache() returns what importance() returns, computing once", () => {
  const cache = createImportanceCache();
  const input = { type: "decision" as const, content: "We switched CI to GitHub Actions." };
  const direct = importance(input);
  equal(cache.importance(input), direct);
  equal(cache.importance({ ...input }), direct);
  equal(cache.hits, 1);
  equal(cache.misses, 1);
  equal(cache.importance({ ...input, type: "episode" }), importance({ ...input, type: "episode" }));
  equal(cache.misses, 2, "type is part of the key");
  equal(cache.importance(input.content, ["explicit"]), importance(input.content, ["explicit"]));
  equal(cache.misses, 3, "signals are part of the key");
});

Deno.test("createImportanceCache() evicts the least recently used entry at capacity", () => {
  const cache = createImportanceCache({ capacity: 2 });
  cache.importance("alpha rule: always use tabs");
  cache.importance("beta rule: never use spaces");
  cache.importance("alpha rule: always use tabs"); // alpha is now the most recent
  cache.importance("gamma rule: prefer tabs"); // evicts beta
  equal(cache.size, 2);
  const misses = cache.misses;
  cache.importance("alpha rule: always use tabs");
  equal(cache.misses, misses, "alpha was kept");
  cache.importance("beta rule: never use spaces");
  equal(cache.misses, misses + 1, "beta was evicted");
  cache.clear();
  equal(cache.size, 0);
});

Deno.test("createImportanceCache() holds 10,000 entries by default", () => {
  const cache = createImportanceCache();
  for (let i = 0; i < 10_050; i++) cache.importance(`fact number ${i} about the billing service`);
  equal(cache.size, 10_000);
});

Deno.test("createImportanceCache() refuses a capacity that is not a positive integer", () => {
  throws(() => createImportanceCache({ capacity: 0 }), RangeError);
  throws(() => createImportanceCache({ capacity: 1.5 }), RangeError);
});
