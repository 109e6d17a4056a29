/**
 * The lifecycle worker inside the server (DESIGN §8, docs/background.md): every few seconds
 * it checks whether consolidation is due (an importance budget since the last run, an agent
 * session that ended, or a run that did not finish) and runs it in the background.
 *
 * On a strand file it runs in its own thread (`lifecycle_thread.ts`, its own engine and SQLite
 * connection), so its planning never holds up a tool call; the server's thread only embeds
 * what the run wrote (the model lives here, and inference runs on onnxruntime's own threads),
 * in small batches that yield. A strand held in memory (tests) runs everything in-process.
 *
 * @module
 */
import { type Engine, type HelixConfig, isHelixError } from "@helix/core";
import type { Activity } from "./activity.ts";
import type { ThreadCommand, ThreadEvent } from "./lifecycle_thread.ts";
import type { Logger } from "./log.ts";

/** Options of {@linkcode startWorker}. */
export interface WorkerOptions {
  readonly log: Logger;
  /** How often to check whether a run is due. @default {10000} */
  readonly everyMs?: number;
  /** Pause between slices of in-process work (embedding, or everything in memory). @default {5} */
  readonly pauseMs?: number;
  /**
   * Run consolidation in its own thread over this strand file (the server's). Without it,
   * everything runs in-process on `engine`.
   */
  readonly thread?: {
    /** The strand file the engine has open. */
    readonly path: string;
    /** The server's configuration, for the thread's own engine (model, budget). */
    readonly config: HelixConfig;
    /** The project's checkout, for the staleness check; null: none. */
    readonly root: string | null;
    /** The server's count of requests in flight. */
    readonly activity: Activity;
    /** Quiet time before a run starts, ms. @default {300} */
    readonly quietMs?: number;
    /** Longest wait for requests in flight between two slices, ms. @default {250} */
    readonly yieldMs?: number;
    /** Make derived memories whoever started the synced strand (a team strand's keeper). */
    readonly derive?: boolean;
  };
}

/** A running worker. */
export interface Worker {
  /** Checks now (e.g. after a session ended); resolves when any run it started ends. */
  check(): Promise<void>;
  /** Embeds the memories that have no vector yet (e.g. ones sync brought from another machine). */
  embed(): Promise<void>;
  /** Stops checking; a run in progress stops after its current slice. Resolves when it has. */
  stop(): Promise<void>;
}

/** Starts the background worker over `engine`. */
export function startWorker(engine: Engine, options: WorkerOptions): Worker {
  return options.thread ? threadWorker(engine, options) : inProcessWorker(engine, options);
}

/** A pause between in-process slices that ends the run once the worker is stopped. */
function pauser(pauseMs: number, stopped: () => boolean) {
  return () =>
    new Promise<void>((resolve, reject) =>
      stopped() ? reject(new Error("worker stopped")) : setTimeout(resolve, pauseMs)
    );
}

/** Embeds what has no vector yet, in-process; quiet when there is nothing to embed. */
async function embedPending(engine: Engine, log: Logger, pause: () => Promise<void>) {
  const report = await engine.sleep({ reason: "embed", only: "embed", pause });
  const summary = report.jobs[0]?.summary;
  if (summary && !summary.startsWith("every memory")) log.info("lifecycle embed", { summary });
}

function inProcessWorker(engine: Engine, options: WorkerOptions): Worker {
  const { log, everyMs = 10_000, pauseMs = 5 } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pause = pauser(pauseMs, () => stopped);
  const check = (): Promise<void> => {
    if (running || stopped) return running ?? Promise.resolve();
    const run = async () => {
      try {
        const { due } = engine.lifecycle();
        if (!due) return;
        const started = performance.now();
        const report = await engine.sleep({ reason: due, pause });
        log.info("lifecycle run", {
          run: report.run,
          reason: due,
          changed: report.changed,
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        if (stopped) return;
        // A busy strand (another process writing) or a closed engine: try again later.
        log.warn("lifecycle run failed", {
          error: isHelixError(error) ? error.code : String(error),
        });
      }
    };
    // Cleared when the run settles (a finally inside run() would clear it before it is set).
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void check(), everyMs);
  Deno.unrefTimer(timer);
  return {
    check,
    embed: () =>
      embedPending(engine, log, pause).catch((error: unknown) => {
        if (!stopped) {
          log.warn("embed failed", { error: isHelixError(error) ? error.code : String(error) });
        }
      }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function threadWorker(engine: Engine, options: WorkerOptions): Worker {
  const { log, everyMs = 10_000, pauseMs = 5 } = options;
  const thread = options.thread!;
  const worker = new globalThis.Worker(new URL("./lifecycle_thread.ts", import.meta.url).href, {
    type: "module",
  });
  const send = (command: ThreadCommand) => worker.postMessage(command);
  let stopped = false;
  const pause = pauser(pauseMs, () => stopped);
  let embedding: Promise<void> | null = null;
  const embed = () => {
    embedding ??= embedPending(engine, log, pause).catch((error: unknown) => {
      if (!stopped) {
        log.warn("lifecycle embed failed", {
          error: isHelixError(error) ? error.code : String(error),
        });
      }
    }).finally(() => (embedding = null));
    return embedding;
  };
  const waiting: Array<() => void> = [];
  let onStopped: () => void = () => {};
  const stoppedSignal = new Promise<void>((resolve) => (onStopped = resolve));
  worker.onmessage = (event: MessageEvent<ThreadEvent>) => {
    const message = event.data;
    if (message.type === "log") {
      if (message.level === "info") log.info(message.message, message.fields);
      else log.warn(message.message, message.fields);
    } else if (message.type === "checked") {
      // The run may have written memories without vectors (rules, profiles): embed them here.
      const settled = waiting.splice(0);
      const after = message.ran ? embed() : Promise.resolve();
      void after.then(() => settled.forEach((resolve) => resolve()));
    } else if (message.type === "stopped") onStopped();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    log.warn("lifecycle thread failed", { error: event.message });
    onStopped();
  };
  send({
    type: "start",
    path: thread.path,
    config: thread.config,
    root: thread.root,
    activity: thread.activity.buffer,
    quietMs: thread.quietMs ?? 300,
    yieldMs: thread.yieldMs ?? 250,
    ...(thread.derive ? { derive: true } : {}),
  });
  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    const done = new Promise<void>((resolve) => waiting.push(resolve));
    send({ type: "check" });
    return done;
  };
  const timer = setInterval(() => void check(), everyMs);
  Deno.unrefTimer(timer);
  // Vectors missing from before this start (an import without the model) are embedded too.
  void embed();
  return {
    check,
    embed,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      send({ type: "stop" });
      const grace = new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 5_000);
        Deno.unrefTimer(t);
      });
      await Promise.race([stoppedSignal, grace]);
      worker.terminate();
      await embedding;
      waiting.splice(0).forEach((resolve) => resolve());
    },
  };
}
