/**
 * A real relay process for tests and benchmarks: `deno run -A cli/main.ts relay serve --port 0`
 * in a temporary data folder, its bound URL read from its first stdout line. Dispose it (or
 * call `stop`) to send SIGTERM and wait for it to exit.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** A running relay. */
export interface RelayProcess extends AsyncDisposable {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Its data folder (removed on stop unless the caller passed one). */
  readonly data: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, wait for exit; returns the exit code. */
  stop(): Promise<number>;
}

/** Options for {@linkcode startRelay}. */
export interface StartRelayOptions {
  /** `sqlite` (default), `kv`, or `postgres` (then `databaseUrl` names the database). */
  readonly storage?: "sqlite" | "kv" | "postgres";
  /** The PostgreSQL URL for `storage: "postgres"` (`--postgres`). */
  readonly databaseUrl?: string;
  /** Extra environment (limits: `HELIX_RELAY_*`; an operator token variable). */
  readonly env?: Record<string, string>;
  /** Extra flags for `helix relay serve`. */
  readonly args?: readonly string[];
  /** A data folder to use (kept on stop). */
  readonly data?: string;
  /** Request log lines on stderr (default off: `--log-level warn`). */
  readonly logRequests?: boolean;
  /** Pins the relay to these CPUs (`taskset -c`, Linux), e.g. "1" for one core. */
  readonly cpus?: string;
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Starts a relay process and waits until it listens. */
export async function startRelay(options: StartRelayOptions = {}): Promise<RelayProcess> {
  const home = await Deno.makeTempDir({ prefix: "helix-relay-home-" });
  const data = options.data ?? `${home}/data`;
  const pin = options.cpus === undefined ? [] : ["-c", options.cpus, Deno.execPath()];
  const child = new Deno.Command(pin.length ? "taskset" : Deno.execPath(), {
    args: [
      ...pin,
      "run",
      "-A",
      "--quiet",
      `${ROOT}cli/main.ts`,
      "relay",
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--storage",
      options.storage ?? "sqlite",
      ...(options.databaseUrl === undefined ? [] : ["--postgres", options.databaseUrl]),
      "--log-level",
      options.logRequests ? "info" : "warn",
      ...(options.args ?? []),
    ],
    cwd: ROOT,
    env: { HELIX_HOME: home, ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let errText = "";
  const drainErr = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (chunk) => void (errText += chunk) }),
  ).catch(() => {});
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let outText = "";
  let url: string | undefined;
  while (url === undefined) {
    const { done, value } = await reader.read();
    if (done) break;
    outText += value;
    url = /listening on (http:\/\/\S+)/.exec(outText)?.[1];
  }
  reader.releaseLock();
  const drainOut = child.stdout.cancel().catch(() => {});
  let stopped: Promise<number> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      const status = await child.status;
      await drainErr;
      await drainOut;
      await Deno.remove(home, { recursive: true }).catch(() => {});
      return status.code;
    })();
  if (url === undefined) {
    const code = await stop();
    throw new Error(`The relay did not start (exit ${code}):\n${outText}${errText}`);
  }
  return {
    url,
    data,
    stderr: () => errText,
    stop,
    [Symbol.asyncDispose]: async () => void (await stop()),
  };
}
