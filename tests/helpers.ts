/**
 * Shared test helpers: temporary strands and a fixed clock.
 *
 * @module
 */
import { join } from "node:path";
import { type Engine, fixedClock, openEngine, type OpenEngineOptions } from "../core/mod.ts";

/** 2026-11-22T12:00:00Z, "today" in tests. */
export const TODAY = Date.UTC(2026, 10, 22, 12);

/** A temporary directory removed when the returned disposer runs. */
export async function tempDir(prefix = "helix-test-"): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ prefix });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}

/** Opens a strand file in a fresh temp dir with a fixed clock; closes and removes it on dispose. */
export async function tempEngine(
  options: Partial<OpenEngineOptions> = {},
): Promise<
  { engine: Engine; path: string; clock: ReturnType<typeof fixedClock> } & AsyncDisposable
> {
  const dir = await tempDir();
  const clock = fixedClock(TODAY);
  const path = join(dir.path, "strand.db");
  const engine = openEngine({ path, clock, ...options });
  return {
    engine,
    path,
    clock,
    async [Symbol.asyncDispose]() {
      engine.close();
      await dir[Symbol.asyncDispose]();
    },
  };
}
