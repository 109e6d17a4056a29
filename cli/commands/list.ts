/**
 * `helix list`: memories by filter, newest first, a page at a time.
 *
 * @module
 */
import { type ListInput, MEMORY_TYPES, STATUSES } from "@helix/core";
import {
  type Command,
  integerFlag,
  listFlag,
  scopeFlag,
  stringFlag,
  UsageError,
} from "../command.ts";
import { memoryRows } from "./search.ts";

export const list: Command = {
  name: "list",
  summary: "List memories by scope, type, status or tag, newest first",
  usage: "helix list [--scope <scope>|all] [--type <t>] [--status <s>] [--tag <t>] [--limit n]",
  details: `Lists memories recorded most recently first, in pages.

  --scope <scope>   all, global, project:<id> (or a bare project name), session:<id>; comma
                    list allowed. Default: this folder's project plus global
  --type <type>     ${MEMORY_TYPES.join(", ")}; repeat or comma-separate
  --status <status> ${STATUSES.join(", ")} (default active); repeatable
  --tag <tag>       only memories with this tag
  --limit <n>       page size, 1–1000 (default 20)
  --cursor <c>      the next page (printed under a full page)`,
  options: {
    scope: { type: "string", multiple: true },
    type: { type: "string", multiple: true },
    status: { type: "string", multiple: true },
    tag: { type: "string" },
    limit: { type: "string" },
    cursor: { type: "string" },
  },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const types = listFlag(invocation, "type");
    const statuses = listFlag(invocation, "status");
    const limit = integerFlag(invocation, "limit", 20, 1, 1000);
    const engine = await ctx.workspace();
    const scope = scopeFlag(invocation, engine);
    const input: ListInput = {
      limit,
      ...(scope !== undefined ? { scope } : {}),
      ...(types.length ? { types: types as ListInput["types"] } : {}),
      ...(statuses.length ? { statuses: statuses as ListInput["statuses"] } : {}),
      ...(stringFlag(invocation, "tag") ? { tag: stringFlag(invocation, "tag")! } : {}),
      ...(stringFlag(invocation, "cursor") ? { cursor: stringFlag(invocation, "cursor")! } : {}),
    };
    const page = engine.list(input);
    if (ctx.flags.json) return ctx.printJson(page);
    if (page.items.length === 0) return ctx.print(ctx.out.dim("No memories match."));
    ctx.print(
      memoryRows(
        page.items.map(({ strand, member, ...memory }) => ({
          memory,
          ...(strand !== undefined ? { strand } : {}),
          ...(member !== undefined ? { member } : {}),
        })),
        ctx,
      ),
    );
    if (page.nextCursor) ctx.note(ctx.err.dim(`more: helix list … --cursor ${page.nextCursor}`));
  },
};
