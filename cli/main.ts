/**
 * `helix`: every Helix operation from the terminal. The only place that reads the process's
 * arguments and environment and exits. Modules load on use: a hook call first tries a running
 * server (cli/hooks/warm.ts, a few small modules), then runs cold with the hook command alone
 * (cli/hooks/cold.ts); everything else loads the CLI (`run.ts`) and with it the engine.
 *
 * Usage: deno task helix <command> [flags]   (or the installed/compiled `helix` binary)
 *
 * @module
 */
import type { Io } from "./output.ts";

/**
 * Runs one `helix` invocation and returns its exit code. `env` is the process environment
 * (`HELIX_*`, `HOME`, `NO_COLOR`…); `io` is the terminal (defaults to the real one; tests pass
 * what they capture).
 */
export async function run(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  terminal?: Io,
): Promise<number> {
  const cli = await import("./run.ts");
  return await cli.run(argv, env, terminal ?? cli.terminalIo());
}

if (import.meta.main) {
  const env = Deno.env.toObject();
  // `deno task helix` runs from the checkout; INIT_CWD is where the user typed the command.
  const cwd = env.INIT_CWD;
  let stdin: string | undefined;
  if (Deno.args.includes("hook")) {
    const { parseHookArgs, warmHook } = await import("./hooks/warm.ts");
    const args = parseHookArgs(Deno.args);
    if (args) {
      stdin = await new Response(Deno.stdin.readable).text();
      const answer = await warmHook(args, env, cwd ?? Deno.cwd(), stdin);
      if (answer) {
        writeAll(Deno.stdout, answer.stdout);
        writeAll(Deno.stderr, answer.stderr);
        Deno.exit(0);
      }
      // Cold, loading only what a hook needs; whatever fails first goes to the full CLI below.
      const { runColdHook } = await import("./hooks/cold.ts");
      const code = await runColdHook(Deno.args, env, { cwd: cwd ?? Deno.cwd(), stdin })
        .catch(() => null);
      if (code !== null) Deno.exit(code);
    }
  }
  const cli = await import("./run.ts");
  const io = cli.terminalIo();
  const read = stdin;
  Deno.exit(
    await cli.run(Deno.args, env, {
      ...io,
      ...(cwd ? { cwd } : {}),
      ...(read !== undefined ? { readStdin: () => Promise.resolve(read) } : {}),
    }),
  );
}

function writeAll(stream: typeof Deno.stdout, text: string): void {
  const bytes = new TextEncoder().encode(text);
  for (let written = 0; written < bytes.length;) {
    written += stream.writeSync(bytes.subarray(written));
  }
}
