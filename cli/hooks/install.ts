/**
 * Installing `helix hook` into Claude Code's settings (`.claude/settings.json`, or the user's
 * `~/.claude/settings.json`): Helix's handlers are merged into `hooks.<Event>` beside the
 * user's own, replaced when they change, and taken out by `--remove`; everything else in the
 * file stays byte for byte (only the event arrays Helix touches are rewritten). A handler is
 * Helix's when its command runs `helix … hook` (or this checkout's `cli/main.ts … hook`).
 *
 * @module
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { HelixError } from "@helix/core";
import { JsoncSyntaxError, parseJsonc, setMember } from "../connect/jsonc.ts";
import { writeFailure } from "../files.ts";

/** Claude Code's events Helix hooks, with the handler settings each gets. */
export const CLAUDE_HOOKS: ReadonlyArray<
  { event: string; matcher?: string; handler: Record<string, unknown> }
> = [
  // Re-runs on resume, /clear and after compaction, so the context is there each time.
  { event: "SessionStart", matcher: "startup|resume|clear|compact", handler: { timeout: 10 } },
  // In the background: the turn ends at once, and the capture lands before the next one.
  { event: "Stop", handler: { async: true, timeout: 60 } },
  { event: "PreCompact", handler: { timeout: 30 } },
  // Only an op is appended: well inside the ~1.5 s Claude Code gives SessionEnd.
  { event: "SessionEnd", handler: { timeout: 5 } },
];

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

/**
 * Plans adding (or, with `remove`, taking out) Helix's hooks in the settings file at `path`,
 * each run as `<prefix> <Event>`. Reads, never writes. Throws `invalid_input` when the file is
 * not JSON and `conflict` when `hooks` is not an object.
 */
export async function planClaudeHooks(
  path: string,
  options: { prefix: string; remove?: boolean },
): Promise<HooksPlan> {
  const before = await readFile(path, "utf8").catch((error) => {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  });
  let parsed;
  try {
    parsed = parseJsonc(before ?? "", { comments: false });
  } catch (error) {
    if (!(error instanceof JsoncSyntaxError)) throw error;
    throw new HelixError(
      "invalid_input",
      `Cannot read ${path}: not valid JSON (${error.message}); fix it by hand, Helix left it unchanged`,
    );
  }
  const settings = (parsed.value ?? {}) as Record<string, unknown>;
  const hooks = settings.hooks ?? {};
  if (!isObject(settings) || !isObject(hooks)) {
    throw new HelixError("conflict", `Cannot add hooks: ${path} has no "hooks" object to add to`);
  }
  const empty = before ?? "{}\n";
  let text = empty;
  let had = false;
  if (options.remove) {
    const next: Record<string, unknown> = {};
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) next[event] = groups;
      else {
        const kept = withoutHelix(groups);
        // An event left with no handler goes; one the user had empty stays.
        if (kept.length || !groups.length) next[event] = kept;
      }
    }
    if (JSON.stringify(next) !== JSON.stringify(hooks)) {
      text = setMember(text, parsed.root, ["hooks"], next);
    }
  } else {
    let root = before === undefined ? parseJsonc(text).root : parsed.root;
    for (const { event, matcher, handler } of CLAUDE_HOOKS) {
      const groups = Array.isArray(hooks[event]) ? hooks[event] as unknown[] : [];
      const kept = withoutHelix(groups);
      had ||= kept.length !== groups.length || JSON.stringify(kept) !== JSON.stringify(groups);
      const next = [...kept, {
        ...(matcher ? { matcher } : {}),
        hooks: [{ type: "command", command: `${options.prefix} ${event}`, ...handler }],
      }];
      if (JSON.stringify(next) === JSON.stringify(groups)) continue;
      text = setMember(text, root, ["hooks", event], next);
      root = parseJsonc(text).root;
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
function withoutHelix(groups: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      out.push(group);
      continue;
    }
    const handlers = group.hooks.filter((h) => !(isObject(h) && isHelixHook(h.command)));
    if (handlers.length === group.hooks.length) out.push(group);
    else if (handlers.length) out.push({ ...group, hooks: handlers });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
