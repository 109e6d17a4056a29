/**
 * The real terminal as an {@linkcode Io}: stdout and stderr written whole, stdin, prompts
 * (secrets without echo), TTY facts and the console width.
 *
 * @module
 */
import type { Io } from "./output.ts";
import { processTerminal, readSecret } from "./secret.ts";

/** The real terminal. */
export function terminalIo(): Io {
  const encoder = new TextEncoder();
  const write = (stream: typeof Deno.stdout) => (text: string) => {
    const bytes = encoder.encode(text);
    for (let written = 0; written < bytes.length;) {
      written += stream.writeSync(bytes.subarray(written));
    }
  };
  // Piped output is for programs and pagers: nothing is clipped.
  let columns = 10_000;
  try {
    if (Deno.stdout.isTerminal()) columns = Deno.consoleSize().columns;
  } catch {
    // no console size: keep full lines
  }
  const stderr = write(Deno.stderr);
  return {
    stdout: write(Deno.stdout),
    stderr,
    readStdin: () => new Response(Deno.stdin.readable).text(),
    prompt(question) {
      if (!Deno.stdin.isTerminal()) return Promise.resolve(null);
      return Promise.resolve(globalThis.prompt(question.trimEnd()) ?? "");
    },
    promptSecret: (question) => readSecret(question, processTerminal(stderr)),
    stdoutIsTty: Deno.stdout.isTerminal(),
    stderrIsTty: Deno.stderr.isTerminal(),
    columns,
    cwd: Deno.cwd(),
    now: () => performance.now(),
  };
}
