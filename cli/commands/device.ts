/**
 * `helix device add|remove|list`: the machines of this synced strand. `add` shows a code to
 * run on the new machine (`helix sync join <code>`), then a safety number both machines show;
 * on confirmation the new machine is added to the roster and given the strand's key. `remove`
 * takes a machine out with a new key that only the remaining machines get.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { prompts } from "./sync.ts";

const USAGE = "helix device add [--yes] | remove <id|name> [--yes] | list";

export const device: Command = {
  name: "device",
  summary: "Add, remove or list the machines of this synced strand",
  usage: USAGE,
  details: `add            show a one-time code; run \`helix sync join <code>\` on the new machine
               within ten minutes. Both machines then show a six-digit safety number: confirm
               on each that they match. The code holds a secret that never reaches the relay.
remove <which> take a machine out (its id, an id prefix of 8+ digits, or its name): a new key
               goes to the remaining machines only, so the removed one, lost or stolen, can
               neither read nor add anything from now on (what it already held stays on it).
               Its changes made before it was removed still count. Run it from another machine.
list           the machines of the roster

  --yes         confirm without asking (scripts)
  --name NAME   this machine's name as the new machine shows it (add; default
                HELIX_DEVICE_NAME, else the host name)`,
  options: { yes: { type: "boolean", short: "y" }, name: { type: "string" } },
  completions: ["add", "remove", "list"],
  async run(invocation, ctx) {
    const [sub, which] = invocation.positionals;
    const engine = await ctx.engine({ sync: true });
    switch (sub) {
      case "add":
        return await add(
          engine,
          ctx,
          booleanFlag(invocation, "yes"),
          stringFlag(invocation, "name"),
        );
      case "remove": {
        if (!which) throw new UsageError("give the machine: helix device remove <id|name>");
        if (!booleanFlag(invocation, "yes")) {
          const answer = await ctx.io.prompt(
            `Remove ${which} from the synced strand? It gets no key from now on. [y/N] `,
          );
          if (answer === null) {
            throw new UsageError("no terminal to confirm on: pass --yes to remove a machine");
          }
          if (!/^(y|yes)$/i.test(answer.trim())) {
            ctx.note("Not removed.");
            return EXIT_FAILED;
          }
        }
        const report = await engine.syncRemoveDevice(which);
        if (ctx.flags.json) return ctx.printJson(report);
        ctx.print(
          `${ctx.out.green("removed")} ${report.removed.name} (${
            report.removed.id.slice(0, 12)
          }); ${report.remaining} machines hold the new key (epoch ${report.epoch})`,
        );
        return;
      }
      case "list": {
        const status = engine.syncStatus();
        if (ctx.flags.json) return ctx.printJson({ devices: status.devices ?? [] });
        ctx.print(
          (status.devices ?? []).map((d) =>
            `${d.id.slice(0, 12)}  ${d.name}${d.me ? ctx.out.dim(" (this machine)") : ""}`
          ).join("\n") || "no devices: this strand does not sync",
        );
        return;
      }
      default:
        throw new UsageError(`usage: ${USAGE}`);
    }
  },
};

async function add(
  engine: Engine,
  ctx: CommandContext,
  yes: boolean,
  name: string | undefined,
): Promise<number | void> {
  const result = await engine.syncInvite({
    ...prompts(ctx, yes),
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
}
