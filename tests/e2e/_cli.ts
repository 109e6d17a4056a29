/**
 * Runs `helix` commands in-process through `run(argv, env, io)` with a captured terminal and
 * a temporary HELIX_HOME.
 *
 * @module
 */
import { run } from "../../cli/main.ts";
import type { Io } from "../../cli/output.ts";

/** What one invocation printed and returned. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON (for --json invocations). */
  // deno-lint-ignore no-explicit-any
  json(): any;
}

/** Terminal behaviour of a test invocation. */
export interface FakeTerminal {
  /** Standard input. */
  stdin?: string | undefined;
  /** Reading standard input fails (an unexpected I/O error). */
  readStdinFails?: boolean;
  /** Answers to prompts, in order; absent = no terminal to ask on. */
  answers?: string[];
  /** What is typed at secret prompts (passphrases), in order; absent = no terminal. */
  secrets?: string[];
  /** Whether stdout/stderr are terminals (colour, progress bars). */
  tty?: boolean;
  /** Working directory (project detection). */
  cwd?: string;
  columns?: number;
}

/** A CLI bound to one HELIX_HOME and environment. */
export function cli(home: string, extraEnv: Record<string, string> = {}) {
  const env: Record<string, string> = {
    HOME: home,
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    NO_COLOR: "1",
    ...extraEnv,
  };
  return async (argv: string[], terminal: FakeTerminal = {}): Promise<CliResult> => {
    let stdout = "";
    let stderr = "";
    const answers = [...(terminal.answers ?? [])];
    const secrets = [...(terminal.secrets ?? [])];
    let clock = 0;
    const io: Io = {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      readStdin: () =>
        terminal.readStdinFails
          ? Promise.reject(new Error("stdin: Input/output error (os error 5)"))
          : Promise.resolve(terminal.stdin ?? ""),
      prompt: (question) => {
        stderr += question;
        return Promise.resolve(terminal.answers ? (answers.shift() ?? "") : null);
      },
      promptSecret: (question) => {
        stderr += `${question}\n`; // no echo: only the question and the line break
        return Promise.resolve(terminal.secrets ? (secrets.shift() ?? "") : null);
      },
      stdoutIsTty: terminal.tty ?? false,
      stderrIsTty: terminal.tty ?? false,
      columns: terminal.columns ?? 120,
      cwd: terminal.cwd ?? home,
      now: () => (clock += 50),
    };
    const code = await run(argv, env, io);
    return { code, stdout, stderr, json: () => JSON.parse(stdout) };
  };
}
