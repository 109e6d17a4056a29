/**
 * Installing `helix hook` into an agent's hook file (cli/hooks/targets.ts says which file and
 * how a handler looks): Helix's handlers are merged into `hooks.<event>` beside the user's
 * own, replaced when they change, and taken out by `--remove`; everything else in the file
 * stays byte for byte (only the event arrays Helix touches are rewritten, and `version` is
 * added to a Cursor or Copilot file that has none). A handler is Helix's when its command runs
 * `helix … hook` (or this checkout's `cli/main.ts … hook`).
 *
 * @module
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { HelixError } from "@helix/core";
import { JsoncSyntaxError, parseJsonc, setMember } from "../connect/jsonc.ts";
import { writeFailure } from "../files.ts";
import { HOOK_TARGETS, hookCommand, type HookTarget } from "./targets.ts";

/** Claude Code's events Helix hooks, with the handler settings each gets. */
export const CLAUDE_HOOKS = HOOK_TARGETS.claude.events;

/** A change to a settings file, worked out but not written. */
export interface HooksPlan {
  readonly path: string;
  /** The file's text now (undefined: it does not exist). */
  readonly before: string | undefined;
  readonly after: string;
  readonly change: "added" | "updated" | "removed" | "unchanged";
}

/** Whether `command` is one of Helix's hook commands. */
export function isHelixHook(command: unknown): boolean {
  return typeof command === "string" && /(helix|cli\/main\.ts)['"]?\s+hook\s/.test(command);
}

/** {@linkcode planHooks} for Claude Code. */
export function planClaudeHooks(
  path: string,
  options: { prefix: string; remove?: boolean },
): Promise<HooksPlan> {
  return planHooks(path, HOOK_TARGETS.claude, options);
}

/**
 * Plans adding (or, with `remove`, taking out) Helix's hooks for `target` in the file at
 * `path`, each running `<prefix> <event>` (with `--agent` for every agent but Claude Code).
 * Reads, never writes. Throws `invalid_input` when the file is not JSON (JSONC where the agent
 * allows comments) and `conflict` when it or its `hooks` is not an object.
 */
export async function planHooks(
  path: string,
  target: HookTarget,
  options: { prefix: string; remove?: boolean },
): Promise<HooksPlan> {
  const before = await readFile(path, "utf8").catch((error) => {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  });
  let parsed;
  try {
    parsed = parseJsonc(before ?? "", { comments: target.comments });
  } catch (error) {
    if (!(error instanceof JsoncSyntaxError)) throw error;
    throw new HelixError(
      "invalid_input",
      `Cannot read ${path}: not valid JSON (${error.message}); fix it by hand, Helix left it unchanged`,
    );
  }
  const settings = (parsed.value ?? {}) as Record<string, unknown>;
  const hooks = isObject(settings) ? settings.hooks ?? {} : undefined;
  if (!isObject(settings) || !isObject(hooks)) {
    throw new HelixError("conflict", `Cannot add hooks: ${path} has no "hooks" object to add to`);
  }
  const empty = before ?? "{}\n";
  let text = empty;
  let had = false;
  const strip = (entries: readonly unknown[]) =>
    target.layout === "nested"
      ? withoutHelix(entries, target)
      : withoutHelixHandlers(entries, target);
  if (options.remove) {
    const next: Record<string, unknown> = {};
    for (const [event, entries] of Object.entries(hooks)) {
      if (!Array.isArray(entries)) next[event] = entries;
      else {
        const kept = strip(entries);
        // An event left with no handler goes; one the user had empty stays.
        if (kept.length || !entries.length) next[event] = kept;
      }
    }
    if (JSON.stringify(next) !== JSON.stringify(hooks)) {
      text = setMember(text, parsed.root, ["hooks"], next);
    }
  } else {
    let root = before === undefined ? parseJsonc(text).root : parsed.root;
    if (target.version !== undefined && settings.version === undefined) {
      text = setMember(text, root, ["version"], target.version);
      root = parseJsonc(text, { comments: target.comments }).root;
    }
    for (const { event, matcher, handler } of target.events) {
      const entries = Array.isArray(hooks[event]) ? hooks[event] as unknown[] : [];
      const kept = strip(entries);
      had ||= kept.length !== entries.length || JSON.stringify(kept) !== JSON.stringify(entries);
      const own = {
        ...target.base,
        [target.commandKey]: hookCommand(target, options.prefix, event),
        ...handler,
      };
      const entry = target.layout === "nested"
        ? { ...(matcher ? { matcher } : {}), hooks: [own] }
        : own;
      const next = [...kept, entry];
      if (JSON.stringify(next) === JSON.stringify(entries)) continue;
      text = setMember(text, root, ["hooks", event], next);
      root = parseJsonc(text, { comments: target.comments }).root;
    }
  }
  const change = text === empty
    ? "unchanged"
    : options.remove
    ? "removed"
    : had
    ? "updated"
    : "added";
  return { path, before, after: change === "unchanged" ? before ?? "" : text, change };
}

/** Writes a plan: the old file kept as `<file>.helix-backup`, the new one renamed into place. */
export async function applyHooksPlan(plan: HooksPlan): Promise<void> {
  if (plan.change === "unchanged") return;
  try {
    await mkdir(dirname(plan.path), { recursive: true });
    if (plan.before !== undefined) await writeFile(`${plan.path}.helix-backup`, plan.before);
    const temp = `${plan.path}.helix-${crypto.randomUUID().slice(0, 8)}`;
    await writeFile(temp, plan.after);
    await rename(temp, plan.path);
  } catch (error) {
    throw writeFailure(plan.path, error);
  }
}

/** Matcher groups without Helix's handlers (a group left with none is dropped). */
function withoutHelix(groups: readonly unknown[], target: HookTarget): unknown[] {
  const out: unknown[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      out.push(group);
      continue;
    }
    const handlers = withoutHelixHandlers(group.hooks, target);
    if (handlers.length === group.hooks.length) out.push(group);
    else if (handlers.length) out.push({ ...group, hooks: handlers });
  }
  return out;
}

/** Handlers that are not Helix's. */
function withoutHelixHandlers(handlers: readonly unknown[], target: HookTarget): unknown[] {
  return handlers.filter((h) => !(isObject(h) && isHelixHook(h[target.commandKey])));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
