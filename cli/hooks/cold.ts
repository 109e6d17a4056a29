/**
 * `helix hook`'s cold path without the rest of the CLI: for a plain hook call that no running
 * server answered, the configuration, the context and the `hook` command alone are loaded (not
 * the other commands and their dependencies), which is what `run` would do for it. Anything
 * that goes wrong before the hook runs is thrown, and `main.ts` hands the call to the full CLI,
 * which reports it as every command does.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { helixHome, loadConfig } from "@helix/core";
import { GLOBAL_OPTIONS } from "../command.ts";
import { hook } from "../commands/hook.ts";
import { createContext } from "../context.ts";
import { checkHome } from "../files.ts";
import { safeIo } from "../output.ts";
import { terminalIo } from "../terminal.ts";

/**
 * Runs `argv` (a call `parseHookArgs` in warm.ts accepted) on the real terminal, with `stdin`
 * already read and `cwd` as the working directory; returns the exit code.
 */
export async function runColdHook(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  terminal: { cwd: string; stdin: string },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { ...GLOBAL_OPTIONS, ...hook.options },
    allowPositionals: true,
    strict: true,
  });
  const io = safeIo({
    ...terminalIo(),
    cwd: terminal.cwd,
    readStdin: () => Promise.resolve(terminal.stdin),
  });
  const homeFlag = typeof values.home === "string" ? values.home : null;
  await checkHome(
    homeFlag ?? helixHome(env),
    homeFlag ? "--home" : env.HELIX_HOME ? "HELIX_HOME" : "the Helix home",
  );
  const config = await loadConfig({
    flags: {
      ...(homeFlag !== null ? { home: homeFlag } : {}),
      ...(typeof values.strand === "string" ? { strand: values.strand } : {}),
      ...(typeof values.project === "string" ? { project: values.project } : {}),
    },
    env,
    platform: Deno.build.os,
  });
  const flags = { json: false, debug: values.debug === true, color: values["no-color"] !== true };
  const ctx = createContext(io, flags, env, config);
  try {
    // positionals: "hook" and the event.
    return (await hook.run({ values, positionals: positionals.slice(1) }, ctx)) ?? 0;
  } finally {
    ctx.close();
  }
}
