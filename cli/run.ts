/**
 * The `helix` command line: {@linkcode run} does every command's work with the arguments,
 * environment and terminal injected, so tests drive every command with captured output.
 * `main.ts` is the entry that reads the process's and exits.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { HelixError, helixHome, inCallerTerms, isHelixError, loadConfig } from "@helix/core";
import {
  type Command,
  fieldFlag,
  GLOBAL_OPTIONS,
  Interrupted,
  type Invocation,
  UsageError,
} from "./command.ts";
import { findCommand } from "./commands/index.ts";
import { createContext, type GlobalFlags } from "./context.ts";
import {
  EXIT_CODES,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_PIPE,
  EXIT_SOFTWARE,
  EXIT_USAGE,
} from "./exit_codes.ts";
import { createStyle, type Io, safeIo } from "./output.ts";
import { printHelp, printVersion } from "./help.ts";
import { checkHome, isClosedPipe, osFailure } from "./files.ts";
import { terminalIo } from "./terminal.ts";

export { terminalIo };

/**
 * Runs one `helix` invocation and returns its exit code. `env` is the process environment
 * (`HELIX_*`, `HOME`, `NO_COLOR`…); `io` is the terminal (defaults to a silent one, so
 * tests pass what they capture).
 */
export async function run(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  terminal: Io = terminalIo(),
): Promise<number> {
  // Whatever the strand holds reaches the terminal as text, never as escape sequences.
  const io = safeIo(terminal);
  const { leading, name, rest } = splitCommand(argv);
  const json = argv.includes("--json");
  if (leading.includes("--version") || leading.includes("-V") || name === "version") {
    return printVersion(io, json);
  }
  if (name === undefined || name === "help") {
    return printHelp(io, name === "help" ? rest.find((a) => !a.startsWith("-")) : undefined, json);
  }
  const first = name;
  const command = findCommand(first);
  const errStyle = createStyle(
    io.stderrIsTty && env.NO_COLOR === undefined && !argv.includes("--no-color"),
  );
  // Usage errors found before the flags are parsed still answer --json callers in JSON.
  const usageError = (message: string, usage?: string) => {
    if (json) {
      io.stdout(`${JSON.stringify({ error: { code: "usage", message } }, null, 2)}\n`);
    }
    io.stderr(`${errStyle.red("helix:")} ${message}\n`);
    if (usage) io.stderr(`usage: ${usage}\n`);
    return EXIT_USAGE;
  };
  if (!command) return usageError(`unknown command "${first}" (see \`helix help\`)`);
  let invocation: Invocation;
  try {
    invocation = parseInvocation(command, [...leading, ...rest]);
  } catch (error) {
    return usageError((error as Error).message, command.usage);
  }
  const flags: GlobalFlags = {
    json: invocation.values.json === true,
    debug: invocation.values.debug === true,
    color: invocation.values["no-color"] !== true,
  };
  if (invocation.values.help === true) return printHelp(io, command.name, flags.json);

  let close = () => {};
  try {
    const homeFlag = typeof invocation.values.home === "string" ? invocation.values.home : null;
    await checkHome(
      homeFlag ?? helixHome(env),
      homeFlag ? "--home" : env.HELIX_HOME ? "HELIX_HOME" : "the Helix home",
    );
    const config = await loadConfig({
      flags: {
        ...(typeof invocation.values.home === "string" ? { home: invocation.values.home } : {}),
        ...(typeof invocation.values.strand === "string"
          ? { strand: invocation.values.strand }
          : {}),
        ...(typeof invocation.values.project === "string"
          ? { project: invocation.values.project }
          : {}),
      },
      env,
      platform: Deno.build.os,
    });
    const ctx = createContext(io, flags, env, config);
    close = () => ctx.close();
    return (await command.run(invocation, ctx)) ?? EXIT_OK;
  } catch (error) {
    return report(error, io, flags, errStyle, command);
  } finally {
    close();
  }
}

/**
 * Splits `[global flags…] <command> [args…]`: flags before the command name are global ones
 * (with their values), the first other word is the command.
 */
function splitCommand(
  argv: readonly string[],
): { leading: string[]; name: string | undefined; rest: string[] } {
  const leading: string[] = [];
  let i = 0;
  for (; i < argv.length && argv[i]!.startsWith("-"); i++) {
    const flag = argv[i]!;
    leading.push(flag);
    const option = GLOBAL_OPTIONS[flag.replace(/^--?/, "") as keyof typeof GLOBAL_OPTIONS];
    if (option?.type === "string" && !flag.includes("=") && i + 1 < argv.length) {
      leading.push(argv[++i]!);
    }
  }
  if (i >= argv.length && (leading.includes("--help") || leading.includes("-h"))) {
    return { leading, name: "help", rest: [] };
  }
  return { leading, name: argv[i], rest: argv.slice(i + 1) };
}

function parseInvocation(command: Command, args: readonly string[]): Invocation {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (error) {
    // node:util's messages name the flag; keep them, minus the Node-specific advice.
    const message = (error as Error).message.replace(/\. To specify a positional.*$/s, "");
    throw new UsageError(message);
  }
}

function report(
  error: unknown,
  io: Io,
  flags: GlobalFlags,
  style: ReturnType<typeof createStyle>,
  command: Command,
): number {
  if (isClosedPipe(error)) return EXIT_PIPE; // like git: the reader went away, nothing to say
  error = osFailure(inCallerTerms(error, { field: (field) => fieldFlag(command, field) }));
  let code: number;
  let payload: { code: string; message: string; details?: unknown };
  if (error instanceof UsageError) {
    code = EXIT_USAGE;
    payload = { code: "usage", message: error.message };
  } else if (error instanceof Interrupted) {
    code = EXIT_INTERRUPTED;
    payload = { code: "interrupted", message: error.message };
  } else if (isHelixError(error)) {
    code = EXIT_CODES[error.code];
    payload = {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  } else {
    code = EXIT_SOFTWARE;
    payload = {
      code: "internal",
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (flags.json) io.stdout(`${JSON.stringify({ error: payload }, null, 2)}\n`);
  io.stderr(`${style.red("helix:")} ${payload.message}\n`);
  if (error instanceof UsageError) io.stderr(`usage: ${command.usage}\n`);
  if (code === EXIT_SOFTWARE) {
    io.stderr(
      flags.debug && error instanceof Error
        ? `${error.stack}\n`
        : "This is a bug in Helix; run again with --debug for the stack trace and report it.\n",
    );
  } else if (flags.debug && error instanceof HelixError && error.stack) {
    io.stderr(`${error.stack}\n`);
  }
  return code;
}
