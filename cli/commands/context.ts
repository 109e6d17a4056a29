/**
 * `helix context --budget N`: the block an agent loads at session start, as it would get it.
 *
 * @module
 */
import { TOKENIZER } from "@helix/core";
import { type Command, integerFlag, scopeFlag, stringFlag, UsageError } from "../command.ts";

export const context: Command = {
  name: "context",
  summary: "Print the token-budgeted context block an agent loads at session start",
  usage: "helix context [--budget <tokens>] [--query <text>] [--scope <scope>] [--as-of <time>]",
  details: `Packs profile and preferences, conventions and procedures, then what is relevant (to
--query when given), within --budget tokens (default 2000) counted with the ${TOKENIZER} tokenizer.
The same strand and arguments always give the same bytes.

  --budget <tokens>  16–200000 (default 2000)
  --query <text>     what the session is about
  --scope <scope>    all, global, project:<id> (or a bare name), session:<id>
  --as-of <time>     the context as it was then`,
  options: {
    budget: { type: "string" },
    query: { type: "string" },
    scope: { type: "string", multiple: true },
    "as-of": { type: "string" },
  },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}" (use --query)`);
    }
    const query = stringFlag(invocation, "query");
    const asOf = stringFlag(invocation, "as-of");
    const engine = await ctx.workspace();
    const scope = scopeFlag(invocation, engine);
    const pack = await engine.context({
      budgetTokens: integerFlag(invocation, "budget", 2000, 16, 200_000),
      ...(query ? { query } : {}),
      ...(scope !== undefined ? { scope } : {}),
      ...(asOf !== undefined ? { asOf: /^\d+$/.test(asOf) ? Number(asOf) : asOf } : {}),
    });
    if (ctx.flags.json) return ctx.printJson(pack);
    ctx.print(pack.text);
    ctx.note(
      ctx.err.dim(
        `(${pack.tokens}/${pack.budgetTokens} tokens, ${pack.items.length} memories` +
          `${pack.cut.length ? `, ${pack.cut.length} left out` : ""})`,
      ),
    );
  },
};
