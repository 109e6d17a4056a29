/**
 * `helix edit <id>`: changes fields of a memory, recorded as an op (history keeps both).
 *
 * @module
 */
import { type PatchInput, STATUSES } from "@helix/core";
import {
  type Command,
  integerFlag,
  listFlag,
  numberFlag,
  resolvedScope,
  stringFlag,
  UsageError,
} from "../command.ts";
import { describeMemory } from "./show.ts";

/** Flags whose value "none" clears the field. */
const CLEARABLE = { "valid-to": "validTo", at: "eventAt", until: "eventEnd" } as const;

export const edit: Command = {
  name: "edit",
  summary: "Change a memory's fields (as an op; history keeps the old value)",
  usage:
    "helix edit <id> [--content <text>|-] [--type] [--scope] [--importance] [--tags] [--status]",
  details: `Only the fields you name change. Each edit is an op, so \`helix log\` and \`helix show\`
keep the old value.

  --content <text>     new text; - reads standard input
  --type <type>        new type
  --scope <scope>      move it (global, project:<id> or a bare project name, session:<id>)
  --importance <1-10>
  --confidence <0-1>
  --tags <a,b>         replace the tags (--tags "" clears them)
  --status <status>    ${STATUSES.join(", ")} (forgotten ones come back with --status active)
  --valid-from <time>  --valid-to <time|none>   lifecycle time
  --at <time|none>     --until <time|none>       event time`,
  fields: { eventAt: "--at", eventEnd: "--until" },
  options: {
    content: { type: "string" },
    type: { type: "string" },
    scope: { type: "string" },
    importance: { type: "string" },
    confidence: { type: "string" },
    tags: { type: "string" },
    status: { type: "string" },
    "valid-from": { type: "string" },
    "valid-to": { type: "string" },
    at: { type: "string" },
    until: { type: "string" },
  },
  async run(invocation, ctx) {
    const [id, ...extra] = invocation.positionals;
    if (!id || extra.length) throw new UsageError("give exactly one memory id");
    const changes: Record<string, unknown> = {};
    const content = stringFlag(invocation, "content");
    if (content !== undefined) {
      changes.content = content === "-"
        ? (await ctx.io.readStdin()).replace(/\r?\n$/, "")
        : content;
    }
    for (const field of ["type", "status"] as const) {
      const value = stringFlag(invocation, field);
      if (value !== undefined) changes[field] = value;
    }
    const scope = stringFlag(invocation, "scope");
    if (invocation.values.importance !== undefined) {
      changes.importance = integerFlag(invocation, "importance", 5, 1, 10);
    }
    const confidence = numberFlag(invocation, "confidence", 0, 1);
    if (confidence !== undefined) changes.confidence = confidence;
    if (invocation.values.tags !== undefined) changes.tags = listFlag(invocation, "tags");
    const validFrom = stringFlag(invocation, "valid-from");
    if (validFrom !== undefined) changes.validFrom = time(validFrom);
    for (const [flag, field] of Object.entries(CLEARABLE)) {
      const raw = stringFlag(invocation, flag);
      if (raw !== undefined) changes[field] = raw === "none" ? null : time(raw);
    }
    if (Object.keys(changes).length === 0 && scope === undefined) {
      throw new UsageError("name at least one field to change (see `helix help edit`)");
    }
    const engine = await ctx.workspace();
    if (scope !== undefined) changes.scope = resolvedScope(engine, scope, "write");
    const memory = await engine.patch(id, changes as PatchInput);
    if (ctx.flags.json) return ctx.printJson(memory);
    ctx.print(
      `${ctx.out.green("updated")} ${ctx.out.bold(memory.id)}\n${describeMemory(memory, ctx)}`,
    );
  },
};

function time(raw: string): string | number {
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}
