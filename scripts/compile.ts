/**
 * `deno task compile [--target <triple>…]`: builds the single self-contained `helix` binary
 * (CLI and MCP server, sqlite-vec inside) into `dist/`, for this machine or the given
 * targets: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, x86_64-apple-darwin,
 * aarch64-apple-darwin (`--target all` builds the four).
 *
 * `deno compile` needs Deno's runtime-only binary (`denort`) for each target: it downloads it
 * from dl.deno.land, or uses `DENORT_BIN` for the host target when set.
 *
 * @module
 */
import { parseArgs } from "node:util";

const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
] as const;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    target: { type: "string", multiple: true },
    output: { type: "string", default: "dist" },
  },
});
const requested = values.target ?? [];
const targets = requested.includes("all") ? [...TARGETS] : requested;
for (const target of targets) {
  if (!(TARGETS as readonly string[]).includes(target)) {
    Deno.stderr.writeSync(
      new TextEncoder().encode(`unknown target ${target}; one of: ${TARGETS.join(", ")}, all\n`),
    );
    Deno.exit(64);
  }
}
const root = new URL("..", import.meta.url).pathname;
const say = (line: string) => Deno.stderr.writeSync(new TextEncoder().encode(`${line}\n`));
for (const target of targets.length ? targets : [Deno.build.target]) {
  const name = targets.length ? `helix-${target}` : "helix";
  const output = `${values.output}/${name}`;
  const args = [
    "compile",
    "--allow-all",
    "--quiet",
    "--no-check",
    "--config",
    `${root}deno.json`,
    "--lock",
    `${root}deno.lock`,
    ...(targets.length ? ["--target", target] : []),
    // The lifecycle thread is started by URL (new Worker), so the graph does not reach it.
    "--include",
    `${root}server/lifecycle_thread.ts`,
    // transformers.js is imported by a computed URL, so that `deno run` fetches it only when
    // the model is first needed; the binary carries it.
    "--include",
    `${root}core/embed/transformers_module.ts`,
    // `helix ui` serves the dashboard's files (web/app/) by reading them: the binary carries them.
    "--include",
    `${root}web/app`,
    "--output",
    output,
    `${root}cli/main.ts`,
  ];
  say(`building ${output}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "inherit",
    stderr: "inherit",
  })
    .output();
  if (code !== 0) Deno.exit(code);
}
