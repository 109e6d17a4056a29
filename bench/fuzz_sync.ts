/**
 * The long run of the sync wire fuzzer (sync-protocol T5; the CI-sized slice is
 * `core/sync/wire/fuzz_test.ts`): `--iterations` mutants of a valid corpus and random inputs
 * for every sync decoder (delta envelope and header, change body, roster entry and chain, key
 * bundle, relay frames, pairing code, hello, welcome). Prints inputs per target and
 * rejections per error code, and exits 1 on any input that threw something other than a
 * `HelixError` or was accepted against the rules (see `core/sync/wire/fuzz_testing.ts`).
 *
 * Usage: deno run -A bench/fuzz_sync.ts [--iterations 1000000] [--seed 1]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fuzzSyncWire } from "../core/sync/wire/fuzz_testing.ts";
import { log, MACHINE_LINE } from "./measure.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { iterations: { type: "string" }, seed: { type: "string" } },
});
const iterations = Number(values.iterations ?? 1_000_000);
const seed = Number(values.seed ?? 1);
if (!Number.isSafeInteger(iterations) || iterations < 1 || !Number.isSafeInteger(seed)) {
  log("usage: deno run -A bench/fuzz_sync.ts [--iterations n] [--seed n]");
  Deno.exit(64);
}

log(`fuzz sync wire v1, seed ${seed}, ${MACHINE_LINE}`);
const started = performance.now();
const report = fuzzSyncWire({ iterations, seed });
const seconds = (performance.now() - started) / 1000;
log(`${iterations} inputs in ${seconds.toFixed(1)} s (${Math.round(iterations / seconds)}/s)`);
log(`  targets: ${JSON.stringify(report.targets)}`);
log(`  codes: ${JSON.stringify(report.codes)}`);
log(`  accepted (allowed: headers, frames, bodies re-encoded identically): ${report.accepted}`);
log(`  unchanged mutants skipped: ${report.unchanged}; failures: ${report.failures.length}`);
for (const failure of report.failures.slice(0, 10)) log(`  FAIL ${failure}`);
Deno.exit(report.failures.length === 0 ? 0 : 1);
