/**
 * `helix help [<command>]`, `helix <command> --help` and `helix --version`: as text, or with
 * `--json` as one JSON object (every command with its usage and flags, or one command's).
 *
 * @module
 */
import type { ParseArgsOptionsConfig } from "node:util";
import { type Command, GLOBAL_OPTIONS } from "./command.ts";
import { COMMANDS, findCommand } from "./commands/index.ts";
import { EXIT_OK, EXIT_USAGE } from "./exit_codes.ts";
import { type Io, table } from "./output.ts";
import { VERSION } from "./version.ts";

/** A flag as `--json` help lists it. */
export interface FlagHelp {
  readonly name: string;
  readonly type: "string" | "boolean";
  readonly short?: string;
  readonly repeatable?: true;
}

const GLOBAL_TEXT =
  "\nGlobal flags: --json (machine output), --debug (stack traces), --no-color,\n" +
  "  --home <dir> (HELIX_HOME), --strand <name> (HELIX_STRAND), --project <id> (HELIX_PROJECT)\n";

/** Prints the version: `helix 1.2.3`, or `{"version": "1.2.3"}`. */
export function printVersion(io: Io, json: boolean): number {
  io.stdout(json ? `${JSON.stringify({ version: VERSION }, null, 2)}\n` : `helix ${VERSION}\n`);
  return EXIT_OK;
}

/** Prints the command list, or `topic`'s usage and flags; an unknown topic is a usage error. */
export function printHelp(io: Io, topic: string | undefined, json: boolean): number {
  const command = topic === undefined ? undefined : findCommand(topic);
  if (topic !== undefined && !command) {
    const message = `unknown command "${topic}" (see \`helix help\`)`;
    if (json) io.stdout(`${JSON.stringify({ error: { code: "usage", message } }, null, 2)}\n`);
    io.stderr(`helix: ${message}\n`);
    return EXIT_USAGE;
  }
  if (json) {
    io.stdout(`${JSON.stringify(command ? commandHelp(command) : overview(), null, 2)}\n`);
    return EXIT_OK;
  }
  if (command) {
    io.stdout(`usage: ${command.usage}\n\n${command.summary}\n\n${command.details.trimEnd()}\n`);
    io.stdout(GLOBAL_TEXT);
    return EXIT_OK;
  }
  io.stdout(
    `helix ${VERSION}: memory for coding agents that you own\n\nusage: helix <command> [flags]\n\n` +
      table(COMMANDS.map((c) => [`  ${c.name}`, c.summary]), io.columns) +
      "\nRun `helix help <command>` for its flags. Every command takes --json" +
      " (but completions,\nwhich prints a shell script).\n",
  );
  return EXIT_OK;
}

function overview() {
  return {
    version: VERSION,
    usage: "helix <command> [flags]",
    commands: COMMANDS.map((c) => ({
      name: c.name,
      summary: c.summary,
      usage: c.usage,
      flags: flags(c.options),
    })),
    globalFlags: flags(GLOBAL_OPTIONS),
  };
}

function commandHelp(command: Command) {
  return {
    name: command.name,
    summary: command.summary,
    usage: command.usage,
    details: command.details.trimEnd(),
    flags: flags(command.options),
    globalFlags: flags(GLOBAL_OPTIONS),
  };
}

function flags(options: ParseArgsOptionsConfig): FlagHelp[] {
  return Object.entries(options).map(([name, option]) => ({
    name: `--${name}`,
    type: option.type,
    ...(option.short ? { short: `-${option.short}` } : {}),
    ...(option.multiple ? { repeatable: true as const } : {}),
  }));
}
