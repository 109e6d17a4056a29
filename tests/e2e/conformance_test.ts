/**
 * The MCP conformance suite against `deno task mcp --http`, with the scenarios that do not
 * apply to Helix listed in tests/conformance/expected-failures.yml. Any other failure, or a
 * listed scenario that starts passing, fails the test.
 */
import { equal, match } from "node:assert/strict";
import { tempDir } from "../helpers.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const SUITE = "npm:@modelcontextprotocol/conformance@0.1.16";

function baseEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...extra };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  return env;
}

Deno.test("the MCP conformance suite passes every scenario that applies", async () => {
  await using home = await tempDir();
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const server = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp", "--http", "--port", String(port)],
    cwd: ROOT,
    env: baseEnv({ HELIX_HOME: home.path, HELIX_EMBEDDER: "none", HELIX_LOG_LEVEL: "info" }),
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = server.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  while (!log.includes("serving over streamable HTTP")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server did not start:\n${log}`);
    log += value;
  }
  const draining = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe flowing */ }
  })();
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        // deno.json turns lock discovery off (see tests/first_run_test.ts): name it.
        "--lock=deno.lock",
        SUITE,
        "server",
        "--url",
        `http://127.0.0.1:${port}/mcp`,
        "--suite",
        "all",
        "--expected-failures",
        "tests/conformance/expected-failures.yml",
        "-o",
        `${home.path}/results`,
      ],
      cwd: ROOT,
      env: baseEnv({ NO_COLOR: "1" }),
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(output.stdout);
    match(text, /Baseline check passed/, text.slice(-3_000));
    equal(output.code, 0, text.slice(-3_000));
  } finally {
    server.kill("SIGTERM");
    await server.status;
    await draining;
  }
});
