/**
 * Timing helpers shared by the benchmark scripts: run a step n times after a warm-up and
 * summarize p50/p95/mean in milliseconds.
 *
 * @module
 */

/** Latency summary, ms. */
export interface Timing {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}

/** p50, p95 and mean of samples (ms), rounded to µs. */
export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    n: samples.length,
  };
}

/** Runs `step(i)` for i in 0..n-1 after ten warm-up calls (negative i) and times each call. */
export async function time(
  n: number,
  step: (i: number) => Promise<unknown> | unknown,
): Promise<Timing> {
  for (let i = 0; i < Math.min(10, n); i++) await step(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await step(i);
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/** Writes a progress line to stderr. */
export function log(line: string): void {
  Deno.stderr.writeSync(new TextEncoder().encode(`${line}\n`));
}

/**
 * Peak resident memory of this process in MB since the last {@linkcode resetPeakRss} (Linux's
 * `VmHWM`), or null where `/proc` does not say.
 */
export function peakRssMb(): number | null {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/** Starts a new peak for {@linkcode peakRssMb} at the current resident size (Linux only). */
export function resetPeakRss(): void {
  try {
    Deno.writeTextFileSync("/proc/self/clear_refs", "5");
  } catch {
    // not Linux: the peak stays the process's lifetime peak
  }
}

/** The machine a figure was measured on, as recorded in every RESULTS file. */
export const MACHINE = {
  os: Deno.build.os,
  arch: Deno.build.arch,
  cores: navigator.hardwareConcurrency,
  deno: Deno.version.deno,
} as const;

/** {@linkcode MACHINE} in one line: `linux/x86_64, 2 cores, Deno 2.9.6`. */
export const MACHINE_LINE =
  `${MACHINE.os}/${MACHINE.arch}, ${MACHINE.cores} cores, Deno ${MACHINE.deno}`;
