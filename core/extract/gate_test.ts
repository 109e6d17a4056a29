import fc from "fast-check";
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  CODING_SESSION,
  codingSession,
  type TranscriptTurn,
} from "../../tests/fixtures/transcript.ts";
import { DUPLICATE_SIMILARITY, gate, GATE_CUTOFF, type GateOptions } from "./gate.ts";

/** Gates a session the way the write path would: the assistant turn before each user turn. */
function gateSession(turns: readonly TranscriptTurn[]) {
  return turns.map((turn, i) => {
    const previous = turns[i - 1];
    const options: GateOptions = previous?.role === "assistant"
      ? { previousAssistant: previous.text }
      : {};
    return { turn, result: gate(turn.text, options) };
  });
}

Deno.test("gate() drops chatter, narration and acknowledgements", async (t) => {
  const chatter = [
    "Let me look at that file.",
    "Running the tests now.",
    "Sure!",
    "Here is the updated code:",
    "ok",
    "thanks",
    "sounds good",
    "yes",
    "Okay, reading the config next.",
    "I'll search the codebase for other call sites.",
    "Can you show me the diff?",
    "Let me make sure the tests still pass.",
    "Don't worry about the lint warnings for now.",
    "I've never seen this error before.",
    "Always happy to help!",
    "👍",
  ];
  for (const text of chatter) {
    await t.step(text, () => equal(gate(text).pass, false, JSON.stringify(gate(text))));
  }
});

Deno.test("gate() keeps memory cues, decisions, fixes and stated facts", async (t) => {
  const memorable: ReadonlyArray<readonly [string, string]> = [
    ["Remember that the staging database is shared with the data team.", "cue:remember"],
    ["From now on, always run `deno task ok` before you commit.", "cue:from-now-on"],
    ["Never edit anything under `src/gen/`.", "cue:never"],
    ["I prefer early returns over nested ifs.", "cue:prefer"],
    ["Please don't add dependencies without asking.", "cue:dont"],
    ["Make sure every export has a JSDoc example.", "cue:make-sure"],
    ["We decided to move billing from Postgres to SQLite.", "decision:decided"],
    ["We'll use zod for request validation instead of hand-written checks.", "decision:instead"],
    ["Switched the CI runner to GitHub Actions.", "decision:switch"],
    ["The test fails because `computeTotal` rounds each line before summing.", "fix:because"],
    ["Fixed by sorting ops by HLC before folding.", "fix:fix"],
    ["billing uses SQLite", "relation"],
    ["Atlas is our internal deploy tool.", "definition"],
    ["To deploy, first run `deno task build`, then `fly deploy`.", "procedure"],
    ["`deno compile` breaks when the path contains spaces.", "gotcha"],
  ];
  for (const [text, signal] of memorable) {
    await t.step(text, () => {
      const result = gate(text);
      ok(result.pass, JSON.stringify(result));
      ok(result.signals.includes(signal), `${signal} in ${result.signals.join(", ")}`);
      ok(result.score >= GATE_CUTOFF && result.score <= 1);
    });
  }
});

Deno.test("gate() lets explicit notes through whatever their cues, but never chatter", () => {
  deepEqual(gate("The staging db listens on 5433", { explicit: true }), {
    pass: true,
    score: 1,
    reason: "explicit",
    signals: ["explicit"],
  });
  // Issue 16: a note of pure chatter was stored as a fact because explicit skipped the gate.
  for (const chatter of ["ok", "ok thanks, sounds good!", "thanks, that worked", "yes please"]) {
    equal(gate(chatter, { explicit: true }).pass, false, chatter);
  }
});

Deno.test("gate() penalises a near-duplicate of an existing memory", () => {
  const text = "We decided to move billing from Postgres to SQLite.";
  const fresh = gate(text, { nearestSimilarity: 0.4 });
  const repeat = gate(text, { nearestSimilarity: DUPLICATE_SIMILARITY });
  ok(fresh.pass);
  ok(repeat.score < fresh.score);
  ok(repeat.signals.includes("duplicate"));
  equal(gate("Never commit .env files.", { nearestSimilarity: 0.97 }).pass, false);
});

Deno.test("gate() reads a short reply as an answer only after a question", () => {
  equal(gate("next April").pass, false);
  ok(gate("next April", { previousAssistant: "When are you going?" }).pass);
  ok(gate("pnpm", { previousAssistant: "Which package manager do you prefer?" }).pass);
  // "yes" passes only when the question proposes a standing rule.
  ok(gate("yes", { previousAssistant: "Should I always run `deno fmt` first?" }).pass);
  equal(gate("yes please", { previousAssistant: "Want me to commit this?" }).pass, false);
  equal(gate("just billing", { previousAssistant: "Should I run all tests?" }).pass, false);
});

Deno.test("gate() does not count error words inside source code", () => {
  const dump = [
    "12| export function load(path: string) {",
    "13|   try {",
    "14|     return read(path);",
    "15|   } catch (error) {",
    '16|     throw new HelixError("not_found", "Cannot load", { cause: error });',
    "17|   }",
    "18| }",
  ].join("\n");
  const result = gate(dump);
  equal(result.pass, false);
  equal(result.signals.some((s) => s.startsWith("error:failure")), false);
});

Deno.test("gate() drops a raw test log but keeps the diagnosis written about it", () => {
  const log = [
    "running 4 tests from ./src/billing/compute_total_test.ts",
    "computes totals ... FAILED (3ms)",
    "error: AssertionError: Values are not equal.",
    "    at assertEquals (node:assert:131:11)",
    "    at file:///repo/src/billing/compute_total_test.ts:14:3",
    "FAILED | 3 passed | 1 failed (81ms)",
  ].join("\n");
  const raw = gate(log);
  equal(raw.pass, false, JSON.stringify(raw));
  ok(raw.signals.includes("error:stack-trace") && raw.signals.includes("log"));
  ok(gate("The test fails because `computeTotal` rounds each line item before summing.").pass);
});

Deno.test("gate() is deterministic, bounded and total over arbitrary text", () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 400 }),
      fc.option(fc.double({ min: 0, max: 1 })),
      (text, sim) => {
        const options = sim === null ? {} : { nearestSimilarity: sim };
        const first = gate(text, options);
        deepEqual(gate(text, options), first);
        ok(first.score >= 0 && first.score <= 1);
        equal(first.pass, first.score >= GATE_CUTOFF);
        ok(first.reason.length > 0);
      },
    ),
  );
});

Deno.test("gate() on the coding session: drops ≥ 60% of turns, keeps ≥ 90% of memorable ones", () => {
  const gated = gateSession(CODING_SESSION);
  ok(CODING_SESSION.length >= 300, `${CODING_SESSION.length} turns`);
  const dropped = gated.filter((g) => !g.result.pass).length / gated.length;
  const memorable = gated.filter((g) => g.turn.memorable);
  const kept = memorable.filter((g) => g.result.pass).length / memorable.length;
  ok(memorable.length >= 30, `${memorable.length} memorable turns`);
  ok(dropped >= 0.6, `dropped ${(dropped * 100).toFixed(1)}% of turns`);
  ok(kept >= 0.9, `kept ${(kept * 100).toFixed(1)}% of memorable turns`);
});

Deno.test("gate() holds the same floors on sessions from other seeds", () => {
  for (const seed of [1, 7, 99]) {
    const gated = gateSession(codingSession(seed, 400));
    const dropped = gated.filter((g) => !g.result.pass).length / gated.length;
    const memorable = gated.filter((g) => g.turn.memorable);
    const kept = memorable.filter((g) => g.result.pass).length / memorable.length;
    ok(dropped >= 0.6 && kept >= 0.9, `seed ${seed}: dropped ${dropped}, kept ${kept}`);
  }
});

Deno.test("codingSession() labels turns by construction and is reproducible", () => {
  deepEqual(codingSession(2026), CODING_SESSION);
  const roles = new Set(CODING_SESSION.map((t) => t.role));
  deepEqual([...roles].sort(), ["assistant", "tool", "user"]);
  const share = CODING_SESSION.filter((t) => t.memorable).length / CODING_SESSION.length;
  ok(share > 0.1 && share < 0.35, `memorable share ${share}`);
});
