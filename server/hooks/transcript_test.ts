import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { lastPrompt, readTurns, startedAt } from "./transcript.ts";

async function withTranscript(lines: readonly unknown[], test: (path: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "t.jsonl");
    await Deno.writeTextFile(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    await test(path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("readTurns() keeps conversation, not tool calls, tool results, meta or commands", async () => {
  await withTranscript([
    { type: "user", message: { role: "user", content: "<command-name>/clear</command-name>" } },
    { type: "user", isMeta: true, message: { role: "user", content: "Caveat: meta" } },
    {
      type: "user",
      message: { role: "user", content: "Use dbmate <private>pw hunter2</private>." },
    },
    {
      type: "assistant",
      message: {
        role: "assistant",
        content: [{ type: "text", text: "Running it." }, { type: "tool_use", id: "t", input: {} }],
      },
    },
    {
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }],
      },
    },
    "not an object",
  ], async (path) => {
    deepEqual(await readTurns(path), [
      { role: "user", text: "Use dbmate." },
      { role: "assistant", text: "Running it." },
    ]);
    equal(await lastPrompt(path), "Use dbmate.");
  });
});

Deno.test("readTurns() reads Codex rollout lines", async () => {
  await withTranscript([
    { timestamp: "2026-11-25T10:00:00.000Z", type: "session_meta", payload: { id: "s" } },
    {
      type: "response_item",
      payload: { type: "message", role: "user", content: [{ type: "input_text", text: "Hi" }] },
    },
    {
      type: "response_item",
      payload: {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Hello" }],
      },
    },
  ], async (path) => {
    deepEqual((await readTurns(path)).map((t) => t.text), ["Hi", "Hello"]);
    equal(await startedAt(path), Date.parse("2026-11-25T10:00:00.000Z"));
  });
});

Deno.test("a missing transcript reads as empty", async () => {
  deepEqual(await readTurns("/nonexistent/helix/t.jsonl"), []);
  equal(await startedAt("/nonexistent/helix/t.jsonl"), null);
});
