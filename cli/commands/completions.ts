/**
 * `helix completions <bash|zsh|fish>`: prints a shell completion script.
 *
 * @module
 */
import { type Command, UsageError } from "../command.ts";
import { completionScript, SHELLS } from "../completions.ts";
import { COMMANDS } from "./index.ts";

export const completions: Command = {
  name: "completions",
  summary: "Print a shell completion script (bash, zsh, fish)",
  usage: "helix completions <bash|zsh|fish>",
  details: `Install:
  bash  echo 'eval "$(helix completions bash)"' >> ~/.bashrc
  zsh   helix completions zsh > "\${fpath[1]}/_helix"   (then restart the shell)
  fish  helix completions fish > ~/.config/fish/completions/helix.fish

A completion script has no JSON form: --json is refused (exit 64).`,
  options: {},
  completions: SHELLS,
  run(invocation, ctx) {
    if (ctx.flags.json) {
      throw new UsageError(
        "completions prints a shell script, which has no JSON form: drop --json",
      );
    }
    const [shell, ...extra] = invocation.positionals;
    if (!shell || extra.length || !(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`choose a shell: ${SHELLS.join(", ")}`);
    }
    ctx.io.stdout(completionScript(shell as (typeof SHELLS)[number], COMMANDS));
    return Promise.resolve();
  },
};
