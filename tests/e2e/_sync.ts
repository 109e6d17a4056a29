/**
 * Real processes for sync tests: a relay (`relay/main.ts`, SQLite or Deno KV) on a free
 * loopback port, and `helix` commands run as child processes, each device with its own
 * HELIX_HOME.
 *
 * @module
 */
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

/**
 * The Deno cache of this test run. A child given its own HOME would otherwise fill a fresh
 * cache of every npm package under it (700 MB per device, and a first-run download each time).
 */
export const DENO_DIR: string = Deno.env.get("DENO_DIR") ??
  join(Deno.env.get("XDG_CACHE_HOME") ?? join(Deno.env.get("HOME") ?? "/root", ".cache"), "deno");
const decoder = new TextDecoder();

/** A relay process. */
export interface RelayProcess extends AsyncDisposable {
  readonly url: string;
  readonly data: string;
  stop(): Promise<void>;
}

/** Starts a relay on a free port with its data in a new temporary folder. */
export async function startRelay(storage: "sqlite" | "kv" = "sqlite"): Promise<RelayProcess> {
  const data = await Deno.makeTempDir({ prefix: "helix-relay-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-kv",
      join(ROOT, "relay/main.ts"),
      "--port",
      "0",
      "--data",
      data,
      "--storage",
      storage,
      "--log-level",
      "error",
    ],
    stdout: "piped",
    stderr: "inherit",
    env: { HELIX_RELAY_IP_RATE: "5000/10000", HELIX_RELAY_STRAND_RATE: "5000/10000" },
  }).spawn();
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`relay exited before listening: ${text}`);
    text += decoder.decode(value);
  }
  reader.releaseLock();
  void child.stdout.cancel().catch(() => {});
  const url = /listening on (\S+)/.exec(text)?.[1];
  if (!url) throw new Error(`relay said: ${text}`);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill("SIGTERM");
    await child.status;
  };
  return { url, data, stop, [Symbol.asyncDispose]: stop };
}

/** What a helix process printed and returned. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A device: `helix` with its own HELIX_HOME. */
export function device(home: string, name: string, extraEnv: Record<string, string> = {}) {
  Deno.mkdirSync(home, { recursive: true, mode: 0o700 });
  const env = {
    HELIX_HOME: home,
    HOME: home,
    DENO_DIR,
    HELIX_EMBEDDER: "none",
    HELIX_DEVICE_NAME: name,
    NO_COLOR: "1",
    ...extraEnv,
  };
  const command = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), ...args],
      cwd: home,
      env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    });
  const helix = async (...args: string[]): Promise<Ran> => {
    const out = await command(args).output();
    return {
      code: out.code,
      stdout: decoder.decode(out.stdout),
      stderr: decoder.decode(out.stderr),
    };
  };
  /**
   * Runs `helix device add --yes` (or `args`) until it prints the code (`pattern`'s group);
   * the rest finishes in `done`.
   */
  const invite = async (
    args = ["device", "add", "--yes"],
    pattern = /helix sync join '([^']+)'/,
  ): Promise<{ code: string; done: Promise<Ran> }> => {
    const child = command(args).spawn();
    const reader = child.stdout.getReader();
    let stdout = "";
    let code: string | undefined;
    while (code === undefined) {
      const { value, done } = await reader.read();
      if (done) {
        const status = await child.status;
        const err = decoder.decode(await new Response(child.stderr).arrayBuffer());
        throw new Error(`${args.join(" ")} exited ${status.code}: ${stdout} ${err}`);
      }
      stdout += decoder.decode(value);
      code = pattern.exec(stdout)?.[1];
    }
    const done = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        stdout += decoder.decode(value);
      }
      const stderr = decoder.decode(await new Response(child.stderr).arrayBuffer());
      return { code: (await child.status).code, stdout, stderr };
    })();
    return { code, done };
  };
  return { home, name, helix, invite };
}

/** Pairs `joiner` with `inviter`'s strand through processes on both sides. */
export async function pair(
  inviter: ReturnType<typeof device>,
  joiner: ReturnType<typeof device>,
): Promise<{ invited: Ran; joined: Ran }> {
  const { code, done } = await inviter.invite();
  const joined = await joiner.helix("sync", "join", code, "--yes");
  const invited = await done;
  return { invited, joined };
}
