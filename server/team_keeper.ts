/**
 * The team strands this machine keeps, followed while the server runs. The sync thread reads
 * the keeper rule (`team_upkeep.ts`) for each team strand when it opens it and after each of
 * its syncs (the roster's signatures are checked there, off the server's thread) and says
 * whether this machine keeps it; here the team's lifecycle worker is started or stopped to
 * match, in a quiet moment. An admin removed or demoted, a new admin with a lower id, a keeper
 * silent for a week or heard from again: the old keeper's server stops its worker at its next
 * sync, the new one's starts at its own, with no restart.
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
  const workers = new Map<string, Worker>();
  // What was last said of each strand, so a word that changes nothing stays quiet.
  const said = new Map<string, boolean>();
  let stopped = false;
  let queue = Promise.resolve();

  const apply = async (strand: WorkspaceStrand, keeps: boolean) => {
    const path = strand.engine.path;
    const team = strand.team;
    const running = workers.get(path);
    if (keeps && !running) {
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
      // One change at a time, in the order the sync thread said them.
      queue = queue.then(() => (stopped ? undefined : apply(strand, keeps)));
      return queue;
    },
    async stop() {
      stopped = true;
      await queue;
      for (const worker of workers.values()) await worker.stop();
      workers.clear();
    },
  };
}
