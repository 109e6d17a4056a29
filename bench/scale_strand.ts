/**
 * The strands `bench:scale` measures: synthetic memories (bench/synthetic.ts text and 384-d
 * clustered vectors) spread over scopes of very different sizes, so the cost of the scope
 * filter can be compared at equal total size:
 *
 * | scope           | share of the strand |
 * | --------------- | ------------------: |
 * | `project:big`   |                40 % |
 * | `project:p0…19` |         2.9 % each |
 * | `global`        |                 1 % |
 * | `project:small` |               0.1 % |
 *
 * A reader in `project:small` sees 1.1 % of the strand, one in `project:p3` 3.9 %, one in
 * `project:big` 41 %, and `scope: "all"` everything.
 *
 * Built strands are kept under `bench/.data/` (git-ignored) and reused, so reruns are cheap;
 * a build that was interrupted resumes where it stopped (memory i is the same on every run).
 * Disk: about 4.6 KB per memory (≈ 460 MB at 10^5, ≈ 4.6 GB at 10^6), plus the WAL while
 * building.
 *
 * @module
 */
import { join } from "node:path";
import { openEngine, type WriteInput } from "../core/mod.ts";
import { seededRandom } from "../tests/fixtures/random.ts";
import { log } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

/** Bumped when the strand's content changes, so an old build is not reused. */
const LAYOUT = 1;

/** Where the strand of `size` memories lives. */
export function scaleStrandPath(size: number): string {
  const data = new URL("./.data/", import.meta.url).pathname;
  return join(data, `scale-v${LAYOUT}-${size}.db`);
}

/** The scope of memory `i`. */
export function scaleScope(i: number): string {
  const r = seededRandom(0x5ca1e + i)();
  if (r < 0.001) return "project:small";
  if (r < 0.011) return "global";
  if (r < 0.411) return "project:big";
  return `project:p${Math.floor(((r - 0.411) / 0.589) * 20)}`;
}

/** Memory `i` of a scale strand. */
export function scaleMemory(gen: ReturnType<typeof synthetic>, i: number): WriteInput {
  return { ...gen.memory(i), scope: scaleScope(i) };
}

/**
 * Builds (or finishes building) the strand of `size` memories in transactions of 5,000 and
 * returns its path and the memories written per second by this call (null when it was
 * already built).
 */
export async function buildScaleStrand(
  size: number,
): Promise<{ path: string; perSecond: number | null }> {
  const path = scaleStrandPath(size);
  await Deno.mkdir(new URL("./.data/", import.meta.url).pathname, { recursive: true });
  const engine = openEngine({ path, embedder: syntheticEmbedder() });
  try {
    const have = engine.stats().memories;
    if (have >= size) return { path, perSecond: null };
    log(`[${size}] building ${path} from ${have.toLocaleString("en")} memories…`);
    const gen = synthetic();
    const batch = 5_000;
    const start = performance.now();
    for (let done = have; done < size; done += batch) {
      const n = Math.min(batch, size - done);
      await engine.writeMany(Array.from({ length: n }, (_, i) => scaleMemory(gen, done + i)));
      if ((done + n) % 50_000 === 0 || done + n === size) {
        const rate = (done + n - have) / ((performance.now() - start) / 1000);
        log(`[${size}] ${(done + n).toLocaleString("en")} memories, ${rate.toFixed(0)}/s`);
      }
    }
    return { path, perSecond: Math.round((size - have) / ((performance.now() - start) / 1000)) };
  } finally {
    engine.close();
  }
}
