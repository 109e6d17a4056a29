/**
 * `helix connect <client>`: adds Helix to an MCP client's configuration without clobbering
 * what is there (`--dry-run` shows the change); unknown clients get instructions.
 *
 * @module
 */
import { delimiter, join } from "node:path";
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import {
  applyConnect,
  CLIENTS,
  findClient,
  instructionsFor,
  planConnect,
  type Scope,
  type ServerSpec,
} from "../connect/mod.ts";
import { lineDiff } from "../diff.ts";
import { connectHooks } from "../hooks/connect_hooks.ts";

export const connect: Command = {
  name: "connect",
  summary: "Add Helix to an MCP client's config (Claude Code, Cursor, VS Code, …)",
  usage:
    "helix connect <client> [--scope user|project] [--dry-run] [--command <cmd>] [--hooks|--remove]",
  details: `Clients: ${
    CLIENTS.map((c) => `${c.aliases[0]} (${c.name})`).join(", ")
  }. Any other name prints instructions for adding Helix by hand.

Merges a "helix" entry into the client's MCP configuration file, keeping every other server and
setting (and comments, for clients whose format allows them: VS Code, Gemini CLI, Codex's TOML; a
Claude Code, Cursor, Windsurf or Copilot CLI file with comments is refused and left unchanged, since those
clients do not document comments); the previous file is kept as <file>.helix-backup. Running it
again changes nothing.

  --scope <scope>    user (every project) or project (this folder; what the client's own docs
                     call project or workspace config). Default: the client's usual one
  --dry-run          print the change without writing
  --command <cmd>    the command the client should run (default: \`helix mcp\` when helix is
                     installed, else this checkout's \`deno task mcp\`)
  --name <name>      the server's name in the file (default helix)
  --hooks            instead: install Helix's hooks, so every session starts with memory and
                     its turns are captured; merged beside your own hooks, in the project's
                     file (default) or, with --scope user, the user's:
                       claude   .claude/settings.json   (~/.claude/settings.json)
                       codex    .codex/hooks.json       (~/.codex/hooks.json)
                       gemini   .gemini/settings.json   (~/.gemini/settings.json)
                       cursor   .cursor/hooks.json      (~/.cursor/hooks.json)
                       copilot  .github/hooks/helix.json (project only)
  --remove           take Helix's hooks out again (the MCP entry is left alone)`,
  options: {
    scope: { type: "string" },
    "dry-run": { type: "boolean" },
    command: { type: "string" },
    name: { type: "string" },
    hooks: { type: "boolean" },
    remove: { type: "boolean" },
  },
  completions: CLIENTS.map((c) => c.aliases[0]!),
  async run(invocation, ctx) {
    const [name, ...extra] = invocation.positionals;
    if (!name || extra.length) throw new UsageError("name one client");
    const scope = stringFlag(invocation, "scope");
    if (scope !== undefined && scope !== "user" && scope !== "project") {
      throw new UsageError('--scope is "user" or "project"');
    }
    const server = serverSpec(invocation.values, ctx);
    const client = findClient(name);
    if (booleanFlag(invocation, "hooks") || booleanFlag(invocation, "remove")) {
      return await connectHooks(ctx, {
        client: client?.id ?? name,
        scope: scope as "user" | "project" | undefined,
        remove: booleanFlag(invocation, "remove"),
        dryRun: booleanFlag(invocation, "dry-run"),
        prefix: hookPrefix(server),
      });
    }
    if (!client) {
      const text = instructionsFor(name, server);
      if (ctx.flags.json) return ctx.printJson({ client: name, known: false, instructions: text });
      return ctx.print(text);
    }
    const home = ctx.env.HOME ?? ctx.env.USERPROFILE;
    if (!home) throw new UsageError("HOME is not set: cannot find the client's configuration");
    const plan = await planConnect(client.id, {
      home,
      cwd: ctx.io.cwd,
      platform: Deno.build.os,
      env: ctx.env,
      server,
      ...(scope ? { scope: scope as Scope } : {}),
    });
    const dryRun = booleanFlag(invocation, "dry-run");
    if (!dryRun) await applyConnect(plan);
    if (ctx.flags.json) {
      return ctx.printJson({
        client: client.id,
        known: true,
        scope: plan.scope,
        path: plan.path,
        change: plan.change,
        dryRun,
        entry: plan.entry,
        backupPath: plan.change === "unchanged" || dryRun ? null : plan.backupPath ?? null,
        notes: plan.notes,
      });
    }
    const { out } = ctx;
    if (plan.change === "unchanged") {
      ctx.print(`${client.name} already has Helix in ${plan.path}; nothing to change.`);
      return;
    }
    if (dryRun) {
      ctx.print(`${out.bold("Would change")} ${plan.path} (${plan.summary}):\n`);
      ctx.print(colorDiff(lineDiff(plan.before ?? "", plan.after), ctx));
      ctx.print(out.dim("Nothing was written (--dry-run)."));
      return;
    }
    ctx.print(`${out.green(plan.change === "added" ? "added" : "updated")} Helix in ${plan.path}`);
    if (plan.backupPath) ctx.print(out.dim(`previous file kept as ${plan.backupPath}`));
    for (const note of plan.notes) ctx.print(`note: ${note}`);
  },
};

/** The shell command that runs `helix hook` the way the MCP server would be run. */
function hookPrefix(server: ServerSpec): string {
  const quote = (word: string) =>
    /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
  const env = Object.entries(server.env ?? {}).map(([k, v]) => `${k}=${quote(v)}`);
  const args = server.args[0] === "task"
    ? ["run", "-A", "--quiet", `${server.args[2]}/cli/main.ts`] // no task runner: faster start
    : server.args.filter((a) => a !== "mcp");
  return [...env, ...[server.command, ...args].map(quote), "hook"].join(" ");
}

function colorDiff(diff: string, ctx: CommandContext): string {
  return diff.split("\n").map((line) =>
    line.startsWith("+ ") ? ctx.out.green(line) : line.startsWith("- ") ? ctx.out.red(line) : line
  ).join("\n");
}

/**
 * What the client should run: `--command` when given; this binary when Helix is compiled;
 * `helix mcp` when an installed `helix` is on the PATH; else this checkout's `deno task mcp`
 * (the deno path absolute, since clients often start with a smaller PATH). A non-default
 * home or strand travels as environment variables.
 */
function serverSpec(
  values: Readonly<Record<string, unknown>>,
  ctx: CommandContext,
): ServerSpec {
  const { config, sources } = ctx.config;
  const env: Record<string, string> = {};
  if (sources.home !== "default") env.HELIX_HOME = config.home;
  if (sources.strand !== "default") env.HELIX_STRAND = config.strand;
  const name = typeof values.name === "string" ? { name: values.name } : {};
  const withEnv = Object.keys(env).length ? { env } : {};
  if (typeof values.command === "string") {
    const [command, ...args] = values.command.trim().split(/\s+/);
    if (!command) throw new UsageError("--command is empty");
    return { command, args, ...withEnv, ...name };
  }
  if (Deno.build.standalone) {
    return { command: Deno.execPath(), args: ["mcp"], ...withEnv, ...name };
  }
  if (onPath("helix", ctx.env.PATH)) {
    return { command: "helix", args: ["mcp"], ...withEnv, ...name };
  }
  const checkout = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
  return {
    command: Deno.execPath(),
    args: ["task", "--cwd", checkout, "--quiet", "mcp"],
    ...withEnv,
    ...name,
  };
}

function onPath(program: string, path: string | undefined): boolean {
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir) continue;
    try {
      const info = Deno.statSync(join(dir, program));
      if (info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0) return true;
    } catch {
      // not here
    }
  }
  return false;
}
