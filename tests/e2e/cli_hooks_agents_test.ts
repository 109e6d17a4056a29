/**
 * `helix hook --agent codex|gemini|cursor|copilot`, fed each agent's recorded payload shapes:
 * session start answers in the agent's own shape (nothing for Copilot CLI, which ignores it),
 * turns and prompts are captured as memories naming the agent, and JSON-only agents always
 * get JSON.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { bytesUnder, payload } from "./_hooks.ts";

async function setup(home: string) {
  const helix = cli(home);
  equal((await helix(["init"])).code, 0);
  await helix(["add", "--type", "convention", "Money is stored as integer cents in amount_cents."]);
  const hook = async (agent: string, event: string, fixture: string, values = {}) => {
    const result = await helix(["hook", event, "--agent", agent], {
      stdin: await payload(fixture, { cwd: home, ...values }),
    });
    equal(result.code, 0, result.stderr);
    return result.stdout;
  };
  const stored = async () =>
    (await helix(["list", "--json", "--scope", "all", "--limit", "100"])).json().items as Array<
      { content: string; provenance: Array<{ agent: string; origin: string }> }
    >;
  return { hook, stored };
}

Deno.test("Codex: SessionStart answers hookSpecificOutput; Stop captures the last message", async () => {
  await using home = await tempDir();
  const { hook, stored } = await setup(home.path);
  const answer = JSON.parse(await hook("codex", "SessionStart", "codex_session_start"));
  equal(answer.hookSpecificOutput.hookEventName, "SessionStart");
  match(answer.hookSpecificOutput.additionalContext, /amount_cents/);
  const stop = await hook("codex", "Stop", "codex_stop", {
    assistant: "We decided the public API uses snake_case JSON fields.",
  });
  deepEqual(JSON.parse(stop), {});
  const memory = (await stored()).find((m) => m.content.includes("snake_case"));
  equal(memory?.provenance[0]?.agent, "codex");
  equal(memory?.provenance[0]?.origin, "agent-ingested");
});

Deno.test("Gemini: JSON only; AfterAgent captures prompt and response, private spans cut", async () => {
  await using home = await tempDir();
  const { hook, stored } = await setup(home.path);
  const start = JSON.parse(await hook("gemini", "SessionStart", "gemini_session_start"));
  match(start.hookSpecificOutput.additionalContext, /amount_cents/);
  const after = await hook("gemini", "AfterAgent", "gemini_after_agent", {
    prompt: "I prefer to be called <private>Captain Nemo</private> in commit messages.",
    assistant: "Understood.",
  });
  deepEqual(JSON.parse(after), {});
  deepEqual(JSON.parse(await hook("gemini", "BeforeTool", "gemini_session_start")), {});
  ok((await stored()).some((m) => m.content.includes("prefer to be called")));
  ok(!(await bytesUnder(join(home.path, "strands"))).includes("Captain Nemo"));
});

Deno.test("Cursor: sessionStart answers additional_context; beforeSubmitPrompt captures", async () => {
  await using home = await tempDir();
  const { hook, stored } = await setup(home.path);
  const start = JSON.parse(await hook("cursor", "sessionStart", "cursor_session_start"));
  match(start.additional_context, /amount_cents/);
  const submitted = await hook("cursor", "beforeSubmitPrompt", "cursor_before_submit_prompt", {
    prompt: "From now on, always run the linter with `pnpm lint --fix` before committing.",
  });
  deepEqual(JSON.parse(submitted), {});
  const memory = (await stored()).find((m) => m.content.includes("pnpm lint"));
  equal(memory?.provenance[0]?.agent, "cursor");
});

Deno.test("Copilot CLI: sessionStart adds nothing (ignored there); prompts are captured", async () => {
  await using home = await tempDir();
  const { hook, stored } = await setup(home.path);
  equal(await hook("copilot", "sessionStart", "copilot_session_start"), "");
  await hook("copilot", "userPromptSubmitted", "copilot_user_prompt_submitted", {
    prompt: "We decided to ship the mobile app through Expo EAS builds.",
  });
  const memory = (await stored()).find((m) => m.content.includes("Expo EAS"));
  equal(memory?.provenance[0]?.agent, "copilot-cli");
});

Deno.test("event names are matched in any case or separator", async () => {
  await using home = await tempDir();
  const { hook } = await setup(home.path);
  for (const event of ["session-start", "sessionstart", "SESSION_START"]) {
    const answer = JSON.parse(await hook("claude", event, "claude_session_start"));
    equal(answer.hookSpecificOutput.hookEventName, "SessionStart");
  }
});
