/**
 * `helix device add`: pairs a new machine with this synced strand. Shows a code to run on
 * the new machine (`helix sync join <code>`), then a safety number both machines show; on
 * confirmation the new machine is added to the roster and given the strand's key.
 *
 * @module
 */
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { prompts } from "./sync.ts";

export const device: Command = {
  name: "device",
  summary: "Pair a new machine with this synced strand (helix device add)",
  usage: "helix device add [--yes]",
  details: `Shows a one-time code; run \`helix sync join <code>\` on the new machine within ten
minutes. Both machines then show a six-digit safety number: confirm on each that they match.
The code holds a secret that never reaches the relay; the relay only passes sealed messages.

  --yes         confirm the safety number without asking (scripts that compare it themselves)
  --name NAME   this machine's name as the new machine shows it (default HELIX_DEVICE_NAME,
                else the host name)`,
  options: { yes: { type: "boolean", short: "y" }, name: { type: "string" } },
  completions: ["add"],
  async run(invocation, ctx) {
    const [sub] = invocation.positionals;
    if (sub !== "add") throw new UsageError("usage: helix device add");
    const engine = await ctx.engine({ sync: true });
    const name = stringFlag(invocation, "name");
    const result = await engine.syncInvite({
      ...prompts(ctx, booleanFlag(invocation, "yes")),
      onCode(code) {
        if (ctx.flags.json) ctx.printJson({ code });
        else {
          ctx.print(`On the new machine, run:\n\n  helix sync join '${code}'\n`);
          ctx.note("Waiting for it (ten minutes)…");
        }
      },
    }, name ? { name } : {});
    if (!result.paired) {
      ctx.note("Not added: the safety numbers were not confirmed.");
      return EXIT_FAILED;
    }
    if (ctx.flags.json) return ctx.printJson(result);
    ctx.print(`${ctx.out.green("added")} ${result.peer}`);
  },
};
