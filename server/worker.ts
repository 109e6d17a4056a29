/**
 * The lifecycle worker inside the server (DESIGN §8): every few seconds it asks the engine
 * whether consolidation is due (an importance budget since the last run, or an agent session
 * ended) and, if so, runs it in the background. The engine's run is sliced into short
 * transactions with a pause between them, so tool calls keep their latency while it works.
 *
 * @module
 */
import { type Engine, isHelixError } from "@helix/core";
import type { Logger } from "./log.ts";

/** Options of {@linkcode startWorker}. */
export interface WorkerOptions {
  readonly log: Logger;
  /** How often to check whether a run is due. @default {10000} */
  readonly everyMs?: number;
  /** Pause between slices, giving tool calls the event loop. @default {5} */
  readonly pauseMs?: number;
}

/** A running worker. */
export interface Worker {
  /** Checks now (e.g. after a session ended); resolves when any run it started ends. */
  check(): Promise<void>;
  /** Stops checking; a run in progress finishes its current slice and stops. */
  stop(): void;
}

/** Starts the background worker over `engine`. */
export function startWorker(engine: Engine, options: WorkerOptions): Worker {
  const { log, everyMs = 10_000, pauseMs = 5 } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pause = () =>
    new Promise<void>((resolve, reject) =>
      stopped ? reject(new Error("worker stopped")) : setTimeout(resolve, pauseMs)
    );
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
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
