/**
 * One hook call from start to answer, the same whoever runs it: `helix hook` cold (its own
 * engine, opened without a model) or the running server warm (its open engine, over the
 * loopback listener). Finds the event's action, reads the payload, runs it and says what to
 * print. A hook never breaks the agent's session: a failure is the quiet answer and a note.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { actionOf, AGENT_HOOKS, type AgentName, AGENTS } from "./agents.ts";
import { parsePayload } from "./payload.ts";
import { runHook } from "./run.ts";

/** What the agent asked, as `helix hook <event> --agent <agent>` received it. */
export interface HookRequest {
  /** One of {@linkcode AGENTS}. */
  readonly agent: string;
  /** The event name as the agent spells it. */
  readonly event: string;
  /** The hook's stdin (the agent's JSON payload). */
  readonly stdin: string;
  /** Token budget of the injected context. */
  readonly budgetTokens: number;
  /** Whether to say what was done on stderr (`--debug`). */
  readonly debug: boolean;
}

/** What the engine side gives a hook call. */
export interface AnswerDeps {
  /** The engine over the strand, opened without an embedder when run cold. */
  engine(): Promise<Engine>;
  /** Whether the project is set by configuration (then the payload's cwd does not move it). */
  readonly projectConfigured: boolean;
  /** Current time (ms). */
  now(): number;
  /** Added to the notes on stderr, e.g. ` (served by the running server)`. */
  readonly via?: string;
}

/** What `helix hook` prints: stdout for the agent, stderr for people. */
export interface HookAnswer {
  readonly stdout: string;
  readonly stderr: string;
}

/** Whether `name` is an agent `helix hook` speaks to. */
export function isAgentName(name: string): name is AgentName {
  return (AGENTS as readonly string[]).includes(name);
}

/** Answers `request` (its agent must be one of {@linkcode AGENTS}). */
export async function answerHook(request: HookRequest, deps: AnswerDeps): Promise<HookAnswer> {
  if (!isAgentName(request.agent)) throw new TypeError(`unknown agent "${request.agent}"`);
  const agent = AGENT_HOOKS[request.agent];
  const { event } = request;
  const via = deps.via ?? "";
  const action = actionOf(agent, event);
  if (action === null) {
    return {
      stdout: agent.quietAnswer,
      stderr: `helix hook: ${agent.client} event "${event}" needs nothing from Helix\n`,
    };
  }
  try {
    const outcome = await runHook(agent, action, parsePayload(request.stdin), {
      engine: deps.engine,
      projectConfigured: deps.projectConfigured,
      now: deps.now,
      budgetTokens: request.budgetTokens,
    });
    const say = outcome.note && request.debug ? `helix hook ${event}: ${outcome.note}${via}\n` : "";
    return { stdout: outcome.stdout, stderr: say };
  } catch (error) {
    // The agent's session goes on: its quiet answer, and why on stderr.
    return {
      stdout: action === "start" ? agent.startAnswer("") : agent.quietAnswer,
      stderr: `helix hook ${event}: ${
        error instanceof Error ? error.message : String(error)
      }${via}\n`,
    };
  }
}
