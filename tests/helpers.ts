/**
 * Shared test helpers: temporary strands and a fixed clock.
 *
 * @module
 */
import { join } from "node:path";
import {
  type Embedder,
  type Engine,
  fixedClock,
  openEngine,
  type OpenEngineOptions,
} from "../core/mod.ts";

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

/**
 * A deterministic stand-in embedder for unit tests: hashes each word to a signed unit
 * vector component, so texts that share words are close. Not a model: for boundary tests of
 * the real adapter, see core/embed/transformers_test.ts and the tiny ONNX model fixture.
 */
export function wordHashEmbedder(dimension = 32, model = "helix-test/word-hash"): Embedder {
  const ready = { state: "ready" } as const;
  const embedOne = (text: string) => {
    const v = new Float32Array(dimension);
    for (const word of text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) {
      let h = 2166136261;
      for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
      v[(h >>> 0) % dimension]! += h & 1 ? 1 : -1;
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return v.map((x) => x / norm);
  };
  return {
    model,
    dimension,
    embed: (texts) => Promise.resolve(texts.map(embedOne)),
    status: () => ready,
    warmup: () => Promise.resolve(ready),
  };
}
