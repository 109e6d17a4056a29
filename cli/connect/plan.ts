/**
 * `helix connect <client>` without the terminal: {@linkcode planConnect} reads a client's MCP
 * configuration and works out the merged text (writing nothing, so it is also the dry run);
 * {@linkcode applyConnect} writes it atomically, keeping the previous file as
 * `<file>.helix-backup`.
 *
 * Merging touches only Helix's entry. Everything else stays byte for byte: JSON and JSONC are
 * edited by splicing that one member (comments, key order and indentation survive), TOML by
 * rewriting only the `[mcp_servers.<name>]` table. In Helix's entry, the launch keys (`command`,
 * `args`, `env`, the type, and remote-transport keys such as `url`) are Helix's and are replaced
 * as a whole; any other key the user added (`timeout`, `trust`, `startup_timeout_sec`, Copilot's
 * `tools`, Codex's per-tool approvals, …) is kept. A file Helix cannot parse is refused, never
 * overwritten, and every edit is re-parsed and checked before it is offered.
 *
 * @module
 */
import { chmod, mkdir, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parse as parseToml } from "smol-toml";
import { HelixError } from "@helix/core";
import {
  type ClientInfo,
  CLIENTS,
  type ClientTarget,
  clientTarget,
  type Environment,
  findClient,
  type Scope,
  type ServerSpec,
} from "./clients.ts";
import { JsoncSyntaxError, parseJsonc, setMember } from "./jsonc.ts";
import { isObject, keeps, kind, mergeTarget, sameValue, withPath } from "./merge.ts";
import { replaceTable, tomlKey, tomlValue } from "./toml_table.ts";
import { writeFailure } from "../files.ts";

/** Options for {@linkcode planConnect}: the machine facts, the scope and the server. */
export interface ConnectOptions extends Environment {
  /** Which configuration to change. @default the client's first scope (see `ClientInfo.scopes`) */
  readonly scope?: Scope;
  /** How the client should start Helix (the caller decides: installed binary or source). */
  readonly server: ServerSpec;
}

/** What a plan does to Helix's entry. */
export type ConnectChange = "added" | "updated" | "unchanged";

/** A change to one client configuration file, worked out but not yet written. */
export interface ConnectPlan {
  readonly client: ClientInfo;
  readonly scope: Scope;
  /** The configuration file. */
  readonly path: string;
  readonly format: "json" | "toml";
  /** Whether the file exists now. */
  readonly exists: boolean;
  /** The file's text now (undefined when it does not exist). */
  readonly before: string | undefined;
  /** The file's text after the change (equal to `before` when unchanged). */
  readonly after: string;
  readonly change: ConnectChange;
  /** One line for people, e.g. `Cursor (user): add "helix" to /home/ada/.cursor/mcp.json`. */
  readonly summary: string;
  /** The server's name in the file. */
  readonly name: string;
  /** Helix's entry after the change. */
  readonly entry: Readonly<Record<string, unknown>>;
  /** The whole configuration after the change, as the client will parse it. */
  readonly merged: Readonly<Record<string, unknown>>;
  /** Where {@linkcode applyConnect} keeps the old file (undefined when nothing is replaced). */
  readonly backupPath: string | undefined;
  /** Client-specific advice from its docs (restart, trust the folder, …). */
  readonly notes: readonly string[];
}

/** Suffix of the copy of a replaced configuration file. */
export const BACKUP_SUFFIX = ".helix-backup";

/**
 * Plans adding Helix to `client`'s MCP configuration. Reads, never writes: the plan is also
 * the dry run. Throws `invalid_input` for an unknown client or scope and for a file that does
 * not parse (naming file and line; the file is left alone), and `conflict` when the file's
 * structure is not one Helix can edit safely (e.g. `mcpServers` is not an object).
 *
 * @example Usage
 * ```ts
 * import { planConnect } from "./plan.ts";
 * import { equal } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * const plan = await planConnect("cursor", {
 *   home, cwd: home, platform: "linux", server: { command: "helix", args: ["mcp"] },
 * });
 * equal(plan.change, "added");
 * equal(plan.path, `${home}/.cursor/mcp.json`);
 * equal(plan.after, '{\n  "mcpServers": {\n    "helix": {\n      "command": "helix",\n' +
 *   '      "args": [\n        "mcp"\n      ]\n    }\n  }\n}\n');
 * await Deno.remove(home, { recursive: true });
 * ```
 */
export async function planConnect(client: string, options: ConnectOptions): Promise<ConnectPlan> {
  const info = findClient(client);
  if (info === undefined) {
    const known = CLIENTS.map((c) => c.id).join(", ");
    throw new HelixError(
      "invalid_input",
      `Cannot connect "${client}": not a client Helix knows (${known}); add Helix by hand instead`,
      { details: { client } },
    );
  }
  const scope = options.scope ?? info.scopes[0];
  if (!info.scopes.includes(scope)) {
    throw new HelixError(
      "invalid_input",
      `Cannot connect ${info.name}: it has no ${scope} scope, only ${info.scopes.join(" and ")}`,
      { details: { client: info.id, scope } },
    );
  }
  const { server } = options;
  const name = server.name ?? "helix";
  if (name.trim() === "") {
    throw new HelixError("invalid_input", "Cannot connect: the server name is empty");
  }
  if (server.command === "") throw new TypeError("Cannot connect: server.command is empty");

  const target = clientTarget(info.id, scope, options, server);
  const before = await readText(target.file);
  const edit = info.format === "toml"
    ? editToml(before ?? "", target, name)
    : editJson(before ?? "", target, name);
  const exists = before !== undefined;
  const change: ConnectChange = edit.existing === undefined
    ? "added"
    : sameValue(edit.existing, edit.entry)
    ? "unchanged"
    : "updated";
  const what = {
    added: `add "${name}" to`,
    updated: `update "${name}" in`,
    unchanged: `"${name}" is already up to date in`,
  }[change];
  return {
    client: info,
    scope,
    path: target.file,
    format: info.format,
    exists,
    before,
    after: change === "unchanged" ? before ?? "" : edit.after,
    change,
    summary: `${info.name} (${scope}): ${what} ${target.file}${exists ? "" : " (new file)"}`,
    name,
    entry: edit.entry,
    merged: edit.merged,
    backupPath: exists && change !== "unchanged" ? target.file + BACKUP_SUFFIX : undefined,
    notes: edit.entry.enabled === false || edit.entry.disabled === true
      ? [...target.notes, `"${name}" is switched off in this file; Helix left that as it is.`]
      : target.notes,
  };
}

/**
 * Writes a plan: nothing for `unchanged`; otherwise creates missing directories, copies the
 * old file to `plan.backupPath` (replacing an older backup), and replaces the file atomically
 * (a temporary file beside it, then a rename), keeping its permissions. A symlinked file is
 * written through the link. Throws `conflict` when the file changed since it was planned, and
 * `storage_full` when the disk is full or the file is not writable.
 *
 * @example Usage
 * ```ts
 * import { applyConnect, planConnect } from "./plan.ts";
 * import { equal } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * const options = { home, cwd: home, platform: "linux", server: { command: "helix", args: ["mcp"] } };
 * await applyConnect(await planConnect("windsurf", options));
 * equal((await planConnect("windsurf", options)).change, "unchanged");
 * await Deno.remove(home, { recursive: true });
 * ```
 */
export async function applyConnect(plan: ConnectPlan): Promise<void> {
  if (plan.change === "unchanged") return;
  const file = plan.exists ? await realpath(plan.path).catch(() => plan.path) : plan.path;
  if (await readText(file) !== plan.before) {
    throw new HelixError(
      "conflict",
      `Cannot write ${plan.path}: it changed after Helix read it; run the command again`,
    );
  }
  try {
    await mkdir(dirname(file), { recursive: true });
    const mode = plan.exists ? (await stat(file)).mode & 0o777 : undefined;
    if (plan.backupPath !== undefined && plan.before !== undefined) {
      await writeAtomically(plan.backupPath, plan.before, mode);
    }
    await writeAtomically(file, plan.after, mode);
  } catch (error) {
    throw writeFailure(plan.path, error);
  }
}

interface Edit {
  /** Helix's entry before (undefined when absent). */
  readonly existing: unknown;
  readonly entry: Record<string, unknown>;
  readonly merged: Record<string, unknown>;
  readonly after: string;
}

function editJson(text: string, target: ClientTarget, name: string): Edit {
  const { file } = target;
  const parse = (source: string) => {
    try {
      return parseJsonc(source, { comments: target.comments });
    } catch (error) {
      if (!(error instanceof JsoncSyntaxError)) throw error;
      throw new HelixError(
        "invalid_input",
        `Cannot read ${file}: not valid JSON (${error.message}); fix it by hand, Helix left it unchanged`,
        { details: { file, line: error.line, column: error.column } },
      );
    }
  };
  const parsed = parse(text);
  const config = parsed.value ?? {};
  if (!isObject(config)) {
    throw new HelixError(
      "conflict",
      `Cannot connect: ${file} holds a JSON ${kind(config)}, not an object`,
    );
  }
  const { existing, entry } = mergeTarget(config, target, name);
  const path = [...target.serversPath, name];
  const merged = withPath(config, path, entry);
  if (existing !== undefined && sameValue(existing, entry)) {
    return { existing, entry, merged: config, after: text };
  }
  const after = setMember(text, parsed.root, path, entry);
  verify(sameValue(attempt(() => parse(after).value), merged), file, name);
  return { existing, entry, merged, after };
}

function editToml(text: string, target: ClientTarget, name: string): Edit {
  const { file } = target;
  const parse = (source: string): Record<string, unknown> => {
    try {
      return parseToml(source) as Record<string, unknown>;
    } catch (error) {
      const { line, column } = error as { line?: number; column?: number };
      const reason = (error as Error).message.split("\n")[0];
      throw new HelixError(
        "invalid_input",
        `Cannot read ${file}${
          line ? `:${line}` : ""
        }: not valid TOML (${reason}); fix it by hand, Helix left it unchanged`,
        { details: { file, line, column } },
      );
    }
  };
  const config = parse(text);
  const { existing, entry } = mergeTarget(config, target, name);
  const path = [...target.serversPath, name];
  const merged = withPath(config, path, entry);
  if (existing !== undefined && sameValue(existing, entry)) {
    return { existing, entry, merged: config, after: text };
  }
  const lines = Object.entries(entry)
    .filter(([key]) =>
      !(isObject(existing) && Object.hasOwn(existing, key) && keeps(key, existing[key], target))
    )
    .map(([key, value]) => `${tomlKey(key)} = ${tomlValue(value as string | string[])}\n`)
    .join("");
  const after = replaceTable(text, {
    path,
    lines,
    drops: (key) => !(isObject(existing) && keeps(key, existing[key], target)),
  });
  verify(sameValue(attempt(() => parse(after)), merged), file, name);
  return { existing, entry, merged, after };
}

/** `read()`, or undefined when it throws (an edit that does not parse fails verification). */
function attempt(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function verify(ok: boolean, file: string, name: string): void {
  if (!ok) {
    throw new HelixError(
      "conflict",
      `Cannot connect: editing ${file} would change more than the "${name}" entry; add it by hand`,
    );
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw new HelixError("invalid_input", `Cannot read ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function writeAtomically(
  file: string,
  text: string,
  mode: number | undefined,
): Promise<void> {
  const temp = `${file}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await writeFile(temp, text, { flag: "wx", mode: mode ?? 0o666 });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
