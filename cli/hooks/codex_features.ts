/**
 * Codex CLI runs hooks only with `codex_hooks = true` under `[features]` in its `config.toml`
 * (`$CODEX_HOME`, else `~/.codex`; design/agent-integration.md). `helix connect codex --hooks`
 * sets it there, editing that one table in the file's text so comments and every other setting
 * survive (`connect/toml_table.ts`); `--remove` leaves it on, since other hooks may need it.
 *
 * @module
 */
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { UsageError } from "../command.ts";
import { replaceTable } from "../connect/toml_table.ts";
import type { HooksPlan } from "./install.ts";

/** Where Codex keeps its settings for this user. */
export function codexConfigPath(env: Readonly<Record<string, string | undefined>>, home: string) {
  return join(env.CODEX_HOME ?? join(home, ".codex"), "config.toml");
}

/** The change that turns Codex's hooks on in `path` (unchanged when already on). */
export async function planCodexFeature(path: string): Promise<HooksPlan> {
  let before: string | undefined;
  try {
    before = await Deno.readTextFile(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const text = before ?? "";
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(
      `${path} is not valid TOML (${(error as Error).message.split("\n")[0]}): fix it, or set ` +
        "`codex_hooks = true` under [features] yourself",
    );
  }
  const features = parsed.features as Record<string, unknown> | undefined;
  if (features?.codex_hooks === true) {
    return { path, before, after: text, change: "unchanged" };
  }
  const after = replaceTable(text, {
    path: ["features"],
    lines: "codex_hooks = true\n",
    drops: (key) => key === "codex_hooks",
  });
  return { path, before, after, change: before === undefined ? "added" : "updated" };
}
