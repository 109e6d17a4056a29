/**
 * The team strands this machine keeps, followed while the server runs. The sync thread reads
 * the keeper rule (`team_upkeep.ts`) for each team strand when it opens it and after each of
 * its syncs (the roster's signatures are checked there, off the server's thread) and says
 * whether this machine keeps it; here the team's lifecycle worker is started or stopped to
 * match, in a quiet moment. An admin removed or demoted, a new admin with a lower id, a keeper
 * silent for a week or heard from again: the old keeper's server stops its worker at its next
 * sync; the new one's starts once the old one has had time to (a hand-over wait), with no
 * restart, so the two never run the team's jobs at once.
 *
 * @module
 */
import type { Workspace, WorkspaceStrand } from "@helix/core";
import type { Logger } from "./log.ts";
import { startWorker, type Worker, type WorkerOptions } from "./worker.ts";

/** Options of {@linkcode keepTeams}. */
export interface KeepTeamsOptions {
  readonly log: Logger;
  /** The team worker's thread, as for the personal strand (its path is the team strand's). */
  readonly thread: Omit<NonNullable<WorkerOptions["thread"]>, "path" | "derive">;
  /** Waits for a moment to start a thread in; false: the server is stopping. */
  readonly quiet: () => Promise<boolean>;
  /**
   * How long a machine that takes a strand over from another waits before its worker starts
   * (ms): long enough for the other machine to sync and stop its own, so the two never run
   * at once. @default {120000} (two default sync intervals)
   */
  readonly handOverMs?: number;
}

/** The team strands kept here. */
export interface TeamKeeping {
  /** Whether this machine keeps the team strand at `path` now (the sync thread's word). */
  set(path: string, keeps: boolean): Promise<void>;
  /** Stops every team worker. */
  stop(): Promise<void>;
}

/** Follows which of the workspace's team strands this machine keeps. */
export function keepTeams(workspace: Workspace, options: KeepTeamsOptions): TeamKeeping {
  const { log } = options;
  const handOverMs = options.handOverMs ?? 120_000;
  const workers = new Map<string, Worker>();
  // The sync thread's latest word on each strand (a hand-over wait reads it when it ends).
  const latest = new Map<string, boolean>();
  const timers = new Set<{ id?: ReturnType<typeof setTimeout>; resolve: () => void }>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer: { id?: ReturnType<typeof setTimeout>; resolve: () => void } = { resolve };
      timer.id = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });
  // What was last said of each strand, so a word that changes nothing stays quiet.
  const said = new Map<string, boolean>();
  let stopped = false;
  let queue = Promise.resolve();

  const apply = async (strand: WorkspaceStrand, keeps: boolean) => {
    const path = strand.engine.path;
    const team = strand.team;
    const running = workers.get(path);
    if (keeps && !running) {
      if (said.get(path) === false) {
        // Another machine kept it until now: it stops at its next sync; start after that.
        log.info("taking over team strand", { team, inSeconds: Math.round(handOverMs / 1000) });
        await wait(handOverMs);
        if (stopped || latest.get(path) !== true) return;
      }
      if (!await options.quiet() || stopped) return;
      const worker = startWorker(strand.engine, {
        log,
        // The keeper makes the team's derived memories, whichever device started the strand.
        thread: { ...options.thread, path, derive: true },
      });
      workers.set(path, worker);
      log.info("keeping team strand", { team });
      void worker.check();
    } else if (!keeps && running) {
      workers.delete(path);
      await running.stop();
      log.info("team strand handed to another machine", { team });
    } else if (!keeps && said.get(path) !== false) {
      log.info("team strand kept by another machine", { team });
    }
    said.set(path, keeps);
  };

  return {
    set(path, keeps) {
      const strand = workspace.strands.find((s) => s.team !== null && s.engine.path === path);
      if (!strand) return queue;
      latest.set(path, keeps);
      // One change at a time, in the order the sync thread said them.
      queue = queue.then(() => (stopped ? undefined : apply(strand, keeps)));
      return queue;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) (clearTimeout(timer.id), timer.resolve());
      await queue;
      for (const worker of workers.values()) await worker.stop();
      workers.clear();
    },
  };
}
