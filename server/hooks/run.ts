/**
 * One hook call: the payload's event dispatched to its action over an engine opened without a
 * model (the lexical path), answering in the agent's format. A hook never breaks the agent's
 * session: whatever fails is said on stderr, and the agent gets its quiet answer.
 *
 * @module
 */
import { detectProject, type Engine } from "@helix/core";
import { type AgentHooks, type HookAction } from "./agents.ts";
import { type CaptureReport, captureTranscript, captureTurn } from "./capture.ts";
import type { HookPayload } from "./payload.ts";
import { sessionContext } from "./start.ts";
import { readTurns, startedAt } from "./transcript.ts";

/** What a hook call needs from its caller. */
export interface HookDeps {
  /** The engine over the configured strand, opened without an embedder. */
  engine(): Promise<Engine>;
  /** Whether the project is set by configuration (then the payload's cwd does not move it). */
  readonly projectConfigured: boolean;
  /** Current time (ms): a session without a transcript ends now and started now. */
  now(): number;
  /** Token budget of the injected context. */
  readonly budgetTokens: number;
}

/** What the hook prints (for the agent) and says (on stderr, for people). */
export interface HookOutcome {
  readonly stdout: string;
  readonly note: string | null;
}

/** Runs `action` for `payload` as `agent` expects it. */
export async function runHook(
  agent: AgentHooks,
  action: HookAction,
  payload: HookPayload,
  deps: HookDeps,
): Promise<HookOutcome> {
  if (action === "start" && !agent.injects) {
    return {
      stdout: agent.startAnswer(""),
      note: `${agent.client} ignores session-start output: use \`helix rules export\``,
    };
  }
  const engine = await viewFor(await deps.engine(), payload, deps.projectConfigured);
  const source = {
    agent: agent.client,
    ref: `${agent.client}:session:${payload.sessionId ?? "unknown"}`.slice(0, 500),
  };
  switch (action) {
    case "start": {
      const context = await sessionContext(engine, { budgetTokens: deps.budgetTokens });
      return {
        stdout: agent.startAnswer(context),
        note: `context: ${context.length} characters`,
      };
    }
    case "prompt":
      return quiet(
        agent,
        await captureTurn(engine, { prompt: payload.prompt, assistant: null }, source),
      );
    case "turn":
      return quiet(agent, await captureTurn(engine, await turnOf(payload), source));
    case "compact": {
      const turns = payload.transcriptPath ? await readTurns(payload.transcriptPath) : [];
      return quiet(agent, await captureTranscript(engine, turns, source));
    }
    case "end": {
      if (!payload.sessionId) return { stdout: agent.quietAnswer, note: "no session id" };
      const started = payload.transcriptPath ? await startedAt(payload.transcriptPath) : null;
      engine.recordSessionEnd({
        session: sessionIdOf(payload.sessionId),
        ...(engine.scopes.project ? { project: engine.scopes.project } : {}),
        client: agent.client,
        startedAt: started ?? deps.now(),
      });
      return { stdout: agent.quietAnswer, note: "session end recorded" };
    }
  }
}

/** The engine seen from the payload's working directory (its project), unless configured. */
async function viewFor(
  engine: Engine,
  payload: HookPayload,
  projectConfigured: boolean,
): Promise<Engine> {
  if (projectConfigured || !payload.cwd) return engine;
  const project = await detectProject(payload.cwd).catch(() => null);
  return project && project !== engine.scopes.project ? engine.withContext({ project }) : engine;
}

/**
 * The finished turn: the payload's prompt and answer, else the transcript's last prompt and
 * the answer after it (the transcript is written asynchronously, so the payload wins).
 */
async function turnOf(payload: HookPayload) {
  if (payload.prompt && payload.assistant) {
    return { prompt: payload.prompt, assistant: payload.assistant };
  }
  const turns = payload.transcriptPath ? await readTurns(payload.transcriptPath) : [];
  const lastUser = turns.findLastIndex((t) => t.role === "user");
  const after = lastUser >= 0 ? turns.slice(lastUser + 1) : turns;
  return {
    prompt: payload.prompt ?? turns[lastUser]?.text ?? null,
    assistant: payload.assistant ?? after.findLast((t) => t.role === "assistant")?.text ?? null,
    previousAssistant:
      turns.slice(0, Math.max(0, lastUser)).findLast((t) => t.role === "assistant")?.text ?? null,
  };
}

/** An agent's session id as a scope id (characters a scope cannot hold become `-`). */
function sessionIdOf(id: string): string {
  return id.replace(/[^A-Za-z0-9._/@:+~-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 200) ||
    "unknown";
}

function quiet(agent: AgentHooks, report: CaptureReport): HookOutcome {
  return {
    stdout: agent.quietAnswer,
    note: `noted ${report.noted}: ${report.written} memories written` +
      (report.quarantined ? `, ${report.quarantined} quarantined` : ""),
  };
}
