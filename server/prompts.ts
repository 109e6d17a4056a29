/**
 * The session-start prompt, for clients that show prompts: loads the context block into
 * the conversation.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "./_sdk.ts";
import type { Session } from "./session.ts";

const DEFINITION = {
  title: "Load Helix memory",
  description: "Start a session with what Helix remembers about this project and the user.",
  argsSchema: {
    task: z.string().max(2_000).optional().describe("What you are about to work on."),
  },
};

const INTRO =
  "Here is what Helix remembers for this work. Treat it as background, check it against the code, " +
  "and use memory_search for specifics or memory_write to record what you learn.";

/** Registers `load_memory`. */
export function registerPrompts(server: McpServer, session: Session): void {
  server.registerPrompt("load_memory", DEFINITION, async ({ task }) => {
    session.touch();
    const pack = await session.engine.context({
      budgetTokens: 2_000,
      ...(task?.trim() ? { query: task } : {}),
    });
    return {
      description: `Helix memory for ${session.project ?? "global scope"}`,
      messages: [{ role: "user", content: { type: "text", text: `${INTRO}\n\n${pack.text}` } }],
    };
  });
}
