/**
 * The lifecycle worker's own thread (a Deno `Worker`, started by `worker.ts`): it opens its own
 * engine, with its own SQLite connection, on the server's strand file and runs consolidation
 * there, so planning (keyword queries, clustering, the contradiction test) never holds up a
 * tool call on the server's thread. WAL lets the server read while this thread writes, and
 * every slice is a short transaction, so a write waits at most one slice.
 *
 * It starts a run once the server has been quiet for a moment, and between slices it lets the
 * requests in flight finish first (a bounded wait, so a busy agent never starves
 * maintenance). Messages in: {@linkcode ThreadCommand}; out: {@linkcode ThreadEvent}.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import {
  createFileProbe,
  type Engine,
  type HelixConfig,
  isHelixError,
  llmFromConfig,
  openEngine,
} from "@helix/core";
import { type ActivityReader, readActivity } from "./activity.ts";
import { lowerThreadPriority } from "./background_priority.ts";

/** What the server tells the thread. */
export type ThreadCommand =
  | {
    readonly type: "start";
    /** The strand file. */
    readonly path: string;
    /** The server's configuration (the model for distillation wording, its budget). */
    readonly config: HelixConfig;
    /** The project's checkout, for the staleness check of cited files; null: none. */
    readonly root: string | null;
    /** The server's {@linkcode Activity} counter. */
    readonly activity: SharedArrayBuffer;
    /** Quiet time before a run starts, ms. */
    readonly quietMs: number;
    /** Longest wait for requests in flight between two slices, ms. */
    readonly yieldMs: number;
    /** Make derived memories whoever started the synced strand (a team strand's keeper). */
    readonly derive?: boolean;
  }
  | { readonly type: "check" }
  | { readonly type: "stop" };

/** What the thread tells the server. */
export type ThreadEvent =
  | {
    readonly type: "log";
    readonly level: "info" | "warn";
    readonly message: string;
    readonly fields: Record<string, unknown>;
  }
  /** A check ended: whether a run happened, and whether vectors are left to compute. */
  | { readonly type: "checked"; readonly ran: boolean }
  | { readonly type: "stopped" };

const post = (event: ThreadEvent) => self.postMessage(event);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let engine: Engine | null = null;
let activity: ActivityReader | null = null;
let quietMs = 300;
let yieldMs = 250;
let derive = false;
let stopped = false;
let running: Promise<void> | null = null;

/** When the slice now running started (its planning and its transaction), ms. */
let sliceStarted = Date.now();
/** An agent active this recently shares the machine: the thread then works half the time. */
const RECENT_ACTIVITY_MS = 1_000;

/**
 * Between slices: stop when told to; let the server's requests in flight finish first; and
 * while an agent is at work, rest as long as the slice took (at most `yieldMs`), so the
 * thread never takes more than half of the machine from the tool calls it shares it with.
 */
async function pause(): Promise<void> {
  if (stopped) throw new Error("worker stopped");
  const worked = Date.now() - sliceStarted;
  const until = Date.now() + yieldMs;
  while (activity && activity.inFlight() > 0 && Date.now() < until) await sleep(5);
  if (activity && activity.quietFor(Date.now()) < RECENT_ACTIVITY_MS) {
    await sleep(Math.min(worked, yieldMs));
  } else await sleep(0);
  if (stopped) throw new Error("worker stopped");
  sliceStarted = Date.now();
}

/** Longest a planning step waits for the server's requests in flight. */
const BREATH_MS = 50;

/**
 * While a job plans: let the server's requests in flight finish before the next step (at most
 * {@linkcode BREATH_MS}), so a tool call never shares the machine with the thread's planning.
 */
async function breathe(): Promise<void> {
  if (!activity || activity.inFlight() === 0) return;
  const until = Date.now() + BREATH_MS;
  while (activity.inFlight() > 0 && Date.now() < until) await sleep(1);
}

/** Longest wait for a quiet moment before a run starts anyway (its slices still yield). */
const MAX_QUIET_WAIT_MS = 5_000;

/**
 * Waits until the server has been quiet for `quietMs`, at most {@linkcode MAX_QUIET_WAIT_MS}
 * (an agent that never pauses must not starve maintenance), or until told to stop.
 */
async function quiet(): Promise<void> {
  const until = Date.now() + MAX_QUIET_WAIT_MS;
  while (
    !stopped && activity && activity.quietFor(Date.now()) < quietMs && Date.now() < until
  ) await sleep(25);
}

async function check(): Promise<boolean> {
  if (!engine || stopped) return false;
  const { due } = engine.lifecycle();
  if (!due) return false;
  await quiet();
  if (stopped) return false;
  const started = performance.now();
  const report = await engine.sleep({ reason: due, pause, breathe, ...(derive ? { derive } : {}) });
  post({
    type: "log",
    level: "info",
    message: "lifecycle run",
    fields: {
      run: report.run,
      reason: due,
      changed: report.changed,
      ms: Math.round(performance.now() - started),
    },
  });
  return true;
}

self.onmessage = (event: MessageEvent<ThreadCommand>) => {
  const command = event.data;
  switch (command.type) {
    case "start": {
      lowerThreadPriority();
      activity = readActivity(command.activity);
      quietMs = command.quietMs;
      yieldMs = command.yieldMs;
      derive = command.derive ?? false;
      engine = openEngine({
        path: command.path,
        mustExist: true,
        // Work lost to a power cut is redone: the run is still open and resumes.
        durability: "normal",
        llm: llmFromConfig(command.config),
        files: command.root ? createFileProbe(command.root) : null,
      });
      break;
    }
    case "check": {
      if (running) return;
      running = check().then(
        (ran) => post({ type: "checked", ran }),
        (error: unknown) => {
          if (!stopped) {
            // A busy strand (another process writing): the next check tries again.
            post({
              type: "log",
              level: "warn",
              message: "lifecycle run failed",
              fields: { error: isHelixError(error) ? error.code : String(error) },
            });
          }
          post({ type: "checked", ran: false });
        },
      ).finally(() => (running = null));
      break;
    }
    case "stop": {
      stopped = true;
      void (running ?? Promise.resolve()).finally(() => {
        engine?.close();
        engine = null;
        post({ type: "stopped" });
        self.close();
      });
      break;
    }
  }
};
