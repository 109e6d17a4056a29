/**
 * The redaction invariant end to end: every true secret of the corpus written through the
 * public write paths (engine writes and notes, and the real MCP server over stdio with debug
 * logging) appears nowhere in the strand file, its write-ahead log, or the server's log.
 */
import { deepEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { secretsCorpus } from "../fixtures/secrets_corpus.ts";
import { tempDir } from "../helpers.ts";
import { type CallToolResult, Client, StdioClientTransport } from "./_client.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const { positives } = secretsCorpus();

/** The secrets whose bytes occur in `data` (read as latin1, so any byte sequence matches). */
function leaked(data: Uint8Array, secrets: readonly string[]): string[] {
  const text = new TextDecoder("latin1").decode(data);
  return secrets.filter((secret) =>
    text.includes(new TextDecoder("latin1").decode(new TextEncoder().encode(secret)))
  );
}

function readOrEmpty(path: string): Uint8Array {
  try {
    return Deno.readFileSync(path);
  } catch {
    return new Uint8Array();
  }
}

Deno.test("no corpus secret written through engine.write or engine.note reaches the strand file or its WAL", async () => {
  ok(positives.length >= 300);
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const engine = openEngine({ path, project: "secrets" });
  const secrets = [...new Set(positives.flatMap((p) => p.secrets))];
  try {
    for (const [i, sample] of positives.entries()) {
      const origin = i % 2 ? "user-asserted" : "agent-ingested";
      if (i % 3 === 0) {
        await engine.note({ text: sample.text, explicit: true, source: { origin } });
      } else {
        await engine.write({
          content: sample.text,
          tags: ["secrets-test"],
          attributes: { sample: sample.text.slice(0, 500) },
          source: { origin, ref: `corpus #${i}` },
        });
      }
    }
    deepEqual(leaked(readOrEmpty(`${path}-wal`), secrets), [], "write-ahead log");
    deepEqual(leaked(readOrEmpty(path), secrets), [], "strand file, open");
  } finally {
    engine.close();
  }
  deepEqual(leaked(readOrEmpty(path), secrets), [], "strand file, closed");
});

Deno.test("no corpus secret sent to the MCP server reaches its strand or its debug log", async () => {
  await using home = await tempDir();
  const env: Record<string, string> = {
    HELIX_HOME: home.path,
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: "debug",
    HELIX_PROJECT: "secrets",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "--quiet", join(ROOT, "server/main.ts")],
    cwd: ROOT,
    env,
    stderr: "pipe",
  });
  const chunks: Uint8Array[] = [];
  const drained = (async () => {
    for await (const chunk of transport.stderr as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
    }
  })();
  const client = new Client({ name: "helix-redaction-e2e", version: "1.0.0" });
  await client.connect(transport);
  const sample = positives.filter((_, i) => i % 4 === 0);
  try {
    for (const [i, p] of sample.entries()) {
      const tool = i % 2 ? "memory_note" : "memory_write";
      const args = tool === "memory_note" ? { text: p.text } : { content: p.text };
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      ok(!result.isError, JSON.stringify(result.content).slice(0, 300));
      // Nor is any secret echoed back to the agent.
      deepEqual(leaked(new TextEncoder().encode(JSON.stringify(result)), p.secrets), []);
    }
  } finally {
    await client.close();
  }
  await drained.catch(() => {});
  const secrets = [...new Set(sample.flatMap((p) => p.secrets))];
  const log = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    log.set(chunk, at);
    at += chunk.length;
  }
  ok(log.length > 0, "the server logged at debug level");
  deepEqual(leaked(log, secrets), [], "server log");
  const strand = join(home.path, "strands", "default.db");
  deepEqual(leaked(readOrEmpty(strand), secrets), [], "strand file");
  deepEqual(leaked(readOrEmpty(`${strand}-wal`), secrets), [], "write-ahead log");
});
