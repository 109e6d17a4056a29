/**
 * Runs a README walkthrough as written: each line of the ```sh block after a marker comment, on
 * the machine its comment names (its own HELIX_HOME), `helix` being this checkout's CLI, with
 * the substitutions a person makes too: a free port for 7438, the code the inviting command
 * printed for `<code>`, and a temporary folder for `./relay-data`. Commands that pair (an
 * invitation and its join) run on a pseudo-terminal (`script`) and are answered "y" when they
 * ask about the safety number, as a person would.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DENO_DIR } from "./_sync.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** One line of a walkthrough. */
export interface Step {
  /** The command as the README writes it. */
  readonly command: string;
  /** The machine its comment names. */
  readonly machine: string;
}

/** The steps of the ```sh block after `<!-- <marker>` in the README. */
export function walkthrough(marker: string): Step[] {
  const readme = Deno.readTextFileSync(join(ROOT, "README.md"));
  const start = readme.indexOf(`<!-- ${marker}`);
  if (start < 0) throw new Error(`README has no <!-- ${marker} block`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;
  return block.trim().split("\n").map((line) => {
    const [command, comment] = line.split(/\s+# /);
    return { command: command!.trim(), machine: comment!.split(/[: ]/)[0]! };
  });
}

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A running shell command on a pseudo-terminal, answering "y" to the safety-number question. */
function onTerminal(command: string, cwd: string, env: Record<string, string>) {
  const child = new Deno.Command("script", {
    args: ["-qefc", command, "/dev/null"],
    cwd,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  let output = "";
  let answered = false;
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  const read = (async () => {
    for await (const chunk of child.stdout) {
      output += decoder.decode(chunk);
      if (!answered && /the same number\?/.test(output)) {
        answered = true;
        await writer.write(encoder.encode("y\r"));
      }
      for (const waiter of [...waiters]) {
        const found = waiter.pattern.exec(output);
        if (found) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(found);
        }
      }
    }
  })();
  return {
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const found = pattern.exec(output);
        if (found) resolve(found);
        else waiters.push({ pattern, resolve });
      }),
    async done(): Promise<{ code: number; output: string }> {
      const status = await child.status;
      await read;
      await writer.close().catch(() => {});
      await child.stderr.cancel().catch(() => {});
      return { code: status.code, output };
    },
  };
}

/** What each step printed (pairing steps print on their terminal), in order. */
export interface WalkthroughRun {
  readonly outputs: readonly { readonly step: Step; readonly output: string }[];
}

/**
 * Runs `steps`. `invites` matches the command that prints a code (`helix device add`); the
 * code is read from its output with `code`, and the next command holding `<code>` joins with
 * it, both on terminals; their safety numbers must agree. Every other command must exit 0.
 */
export async function runWalkthrough(
  steps: readonly Step[],
  pairing: { readonly invites: RegExp; readonly code: RegExp },
): Promise<WalkthroughRun> {
  const root = await Deno.makeTempDir({ prefix: "helix-readme-" });
  const port = String(freePort());
  const homes: Record<string, string> = {};
  const envOf = (machine: string): Record<string, string> => {
    homes[machine] ??= join(root, machine);
    Deno.mkdirSync(homes[machine]!, { recursive: true, mode: 0o700 });
    return {
      PATH: Deno.env.get("PATH") ?? "",
      HELIX_HOME: homes[machine]!,
      HOME: homes[machine]!,
      DENO_DIR,
      HELIX_EMBEDDER: "none",
      HELIX_DEVICE_NAME: machine,
      NO_COLOR: "1",
      TERM: "dumb",
    };
  };
  const helix = `${quote(Deno.execPath())} run -A --quiet ${quote(join(ROOT, "cli/main.ts"))}`;
  const shell = (command: string) =>
    command.replaceAll("7438", port).replace(/^helix /, `${helix} `);
  let relay: Deno.ChildProcess | undefined;
  let inviter: ReturnType<typeof onTerminal> | undefined;
  let code = "";
  const outputs: { step: Step; output: string }[] = [];
  try {
    for (const step of steps) {
      const command = shell(step.command);
      if (command.startsWith("deno task relay")) {
        const data = join(root, "relay-data");
        const args = command.replace(/ &$/, "").replace("./relay-data", data).split(" ");
        relay = new Deno.Command(Deno.execPath(), {
          args: ["task", "--quiet", "relay", ...args.slice(3)],
          cwd: ROOT,
          stdout: "piped",
          stderr: "null",
        }).spawn();
        const reader = relay.stdout.getReader();
        let said = "";
        while (!said.includes("listening")) said += decoder.decode((await reader.read()).value);
        reader.releaseLock();
        void relay.stdout.cancel().catch(() => {});
        continue;
      }
      if (pairing.invites.test(step.command)) {
        inviter = onTerminal(command, envOf(step.machine).HELIX_HOME!, envOf(step.machine));
        code = (await inviter.waitFor(pairing.code))[1]!;
        continue;
      }
      if (command.includes("<code>")) {
        const joiner = onTerminal(command.replace("<code>", code), root, envOf(step.machine));
        const joined = await joiner.done();
        equal(joined.code, 0, joined.output);
        const invited = await inviter!.done();
        equal(invited.code, 0, invited.output);
        const sas = (text: string) => /Safety number with [^:]+: (\d{3} \d{3})/.exec(text)?.[1];
        ok(sas(joined.output), joined.output);
        equal(sas(joined.output), sas(invited.output), "both machines show the same number");
        outputs.push({ step, output: joined.output });
        continue;
      }
      const ran = await new Deno.Command("sh", {
        args: ["-c", command],
        cwd: envOf(step.machine).HELIX_HOME!,
        env: envOf(step.machine),
        stdout: "piped",
        stderr: "piped",
      }).output();
      const said = decoder.decode(ran.stdout) + decoder.decode(ran.stderr);
      equal(ran.code, 0, `${step.machine}: ${step.command}\n${said}`);
      outputs.push({ step, output: said });
    }
    return { outputs };
  } finally {
    relay?.kill("SIGTERM");
    await relay?.status;
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}
