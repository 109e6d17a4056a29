/**
 * The background sync's timing, read from the server's environment.
 *
 * @module
 */

/** Time between full syncs when `HELIX_SYNC_INTERVAL` does not say (the sync loop's default). */
export const DEFAULT_SYNC_INTERVAL_MS = 60_000;

/** Deltas between automatic snapshots (R28): a member who joins replays at most about these. */
const DEFAULT_SNAPSHOT_EVERY = 500;

/**
 * Background sync timing from the environment: `HELIX_SYNC_INTERVAL` (seconds between full
 * syncs, default 60) and `HELIX_SYNC_CHECK` (seconds between looks for unpushed writes,
 * default 2). A value that is not a positive number is ignored. `HELIX_SNAPSHOT_EVERY`: deltas
 * between the snapshots each strand's keeper makes (default 500; 0: none).
 */
export function syncTiming(
  env: Readonly<Record<string, string | undefined>>,
): { intervalMs?: number; checkMs?: number; snapshotEvery: number } {
  const seconds = (name: string) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value * 1000 : undefined;
  };
  const intervalMs = seconds("HELIX_SYNC_INTERVAL");
  const checkMs = seconds("HELIX_SYNC_CHECK");
  const every = Number(env.HELIX_SNAPSHOT_EVERY ?? DEFAULT_SNAPSHOT_EVERY);
  return {
    snapshotEvery: Number.isInteger(every) && every >= 0 ? every : DEFAULT_SNAPSHOT_EVERY,
    ...(intervalMs !== undefined ? { intervalMs } : {}),
    ...(checkMs !== undefined ? { checkMs } : {}),
  };
}
