/**
 * The server's background threads (the lifecycle worker, sync) give way to its own thread on a
 * busy machine: each lowers its own CPU priority (nice 10) when it starts. Measured from
 * outside on a 2-core machine shared with other work (load ~3), the server's thread otherwise
 * went unscheduled for 40-150 ms at a time while a lifecycle thread rated an imported backlog,
 * and tool calls waited that long with nothing of their own to do.
 *
 * Linux only: there `setpriority` on the calling thread changes that thread alone. Elsewhere
 * (macOS, Windows) it would lower the whole server, so it is left alone.
 *
 * @module
 */
import os from "node:os";

/** How much lower than the server a background thread runs (a nice value, 0-19). */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority to {@linkcode BACKGROUND_NICE} (Linux; a no-op
 * elsewhere, or where the system refuses). Call it from inside a background `Worker`.
 */
export function lowerThreadPriority(): void {
  if (Deno.build.os !== "linux") return;
  try {
    // On Linux, pid 0 is the calling thread: the server's own thread keeps its priority.
    if (os.getPriority(0) < BACKGROUND_NICE) os.setPriority(0, BACKGROUND_NICE);
  } catch {
    // a sandbox that forbids it: the thread runs at the server's priority, as before
  }
}
