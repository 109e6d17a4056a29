/**
 * Tool calls while the MCP server pulls another machine's changes (issue 17: background sync
 * never delays a tool call). A laptop (in-process) writes N memories and pushes them through a
 * relay process; the desktop's MCP server (`deno task mcp` over stdio) pulls them in its sync
 * thread while an agent keeps calling memory_search and memory_write with pauses (the server
 * starts a sync only once the agent has been quiet for 0.5 s; a busy agent never waits for it,
 * and the pull runs on while the agent calls). Reports the latency of the calls made while the
 * pull ran against calls made before it, and how long the pull took.
 *
 * Usage: deno run -A bench/mcp_sync.ts [--memories 10000] [--write]
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Engine, loadDeviceKeys, openEngine } from "@helix/core";
import { startRelay } from "../relay/testing/process.ts";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";
import { log, MACHINE_LINE, summarize } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { memories: { type: "string" }, write: { type: "boolean" } },
});
const count = Number(values.memories ?? 10_000);
const ROOT = new URL("..", import.meta.url).pathname;
const root = await Deno.makeTempDir({ prefix: "helix-bench-mcp-sync-" });
await using relay = await startRelay({
  env: { HELIX_RELAY_IP_RATE: "100000/100000", HELIX_RELAY_STRAND_RATE: "100000/100000" },
});

async function open(home: string, name: string): Promise<Engine> {
  await Deno.mkdir(join(home, "strands"), { recursive: true });
  return openEngine({
    path: join(home, "strands", "default.db"),
    syncKeys: await loadDeviceKeys(join(home, "keys"), true),
    deviceName: name,
  });
}

const laptopHome = join(root, "laptop");
const desktopHome = join(root, "desktop");
const laptop = await open(laptopHome, "laptop");
const desktop = await open(desktopHome, "desktop");
await laptop.syncInit(relay.url);
{
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const prompts = { confirm: () => Promise.resolve(true), pollMs: 50 };
  const inviting = laptop.syncInvite({ ...prompts, onCode: (c) => (code = c, ready()) });
  await shown;
  await desktop.syncJoin(code, prompts);
  await inviting;
}
const gen = synthetic(11);
await desktop.importRecords(Array.from({ length: 2000 }, (_, i) => {
  const m = gen.memory(1_000_000 + i);
  return { kind: "memory" as const, content: m.content, type: m.type!, scope: "global" };
}));
await desktop.syncPush();
desktop.close();

const env: Record<string, string> = {
  HELIX_HOME: desktopHome,
  HELIX_EMBEDDER: "none",
  HELIX_LOG_LEVEL: "warn",
  HELIX_SYNC_INTERVAL: "1",
  HELIX_SYNC_CHECK: "0.2",
  HELIX_DEVICE_NAME: "desktop",
  PATH: Deno.env.get("PATH") ?? "",
  ...(Deno.env.get("HOME") ? { HOME: Deno.env.get("HOME")! } : {}),
  ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
};
const client = new Client({ name: "bench-mcp-sync", version: "1" });
await client.connect(
  new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env,
    stderr: "inherit",
  }),
);
const call = async (name: string, args: Record<string, unknown>) => {
  const started = performance.now();
  await client.callTool({ name, arguments: args });
  return performance.now() - started;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let i = 0;
const agentStep = async (into: { search: number[]; write: number[] }) => {
  i++;
  if (i % 5 === 0) {
    into.write.push(
      await call("memory_write", {
        content: `Agent note ${i}: the build cache key includes the lockfile hash.`,
        scope: "global",
      }),
    );
  } else into.search.push(await call("memory_search", { query: gen.query(i) }));
  await sleep(Math.random() < 0.3 ? 600 + Math.random() * 600 : 50 + Math.random() * 150);
};

log(`mcp during sync: ${count} memories, ${MACHINE_LINE}, load ${Deno.loadavg()[0]!.toFixed(2)}`);
const before = { search: [] as number[], write: [] as number[] };
for (let k = 0; k < 60; k++) await agentStep(before);

await laptop.importRecords(Array.from({ length: count }, (_, k) => {
  const m = gen.memory(k);
  return {
    kind: "memory" as const,
    content: `${m.content} [laptop]`,
    type: m.type!,
    scope: "global",
  };
}));
await laptop.syncPush();
const target = laptop.stats().memories; // the laptop has its memories and the desktop's 2,000
const during = { search: [] as number[], write: [] as number[] };
const pullStarted = performance.now();
const probe = openEngine({ path: join(desktopHome, "strands", "default.db"), mustExist: true });
let pulledMs = NaN;
for (let k = 0; k < 3000; k++) {
  await agentStep(during);
  const notes = during.write.length + before.write.length;
  if (probe.stats().memories >= target + notes && probe.syncStatus().pending === 0) {
    pulledMs = performance.now() - pullStarted;
    break;
  }
}
probe.close();
await client.close();
laptop.close();

const line = (name: string, samples: number[]) => {
  const t = summarize(samples);
  const max = Math.max(...samples);
  return `${name}: n ${samples.length}, p50 ${t.p50.toFixed(1)} ms, p95 ${
    t.p95.toFixed(1)
  } ms, max ${max.toFixed(1)} ms`;
};
const lines = [
  `- before the pull: ${line("memory_search", before.search)}; ${
    line("memory_write", before.write)
  }`,
  `- while ${count} memories were pulled: ${line("memory_search", during.search)}; ${
    line("memory_write", during.write)
  }`,
  `- the desktop server had them all ${(pulledMs / 1000).toFixed(1)} s after the laptop's push`,
];
for (const l of lines) log(l);
if (values.write) {
  const file = new URL("RESULTS-sync.md", import.meta.url);
  let text = "";
  try {
    text = await Deno.readTextFile(file);
  } catch { /* first record */ }
  text = text.replace(/\n## Tool calls while the server pulls[\s\S]*$/, "\n");
  text += `\n## Tool calls while the server pulls

\`deno task bench:mcp-sync --memories ${count}\` — ${MACHINE_LINE}, load ${
    Deno.loadavg()[0]!.toFixed(2)
  }. The agent calls memory_search (4 in 5) and memory_write with pauses of 50–200 ms, sometimes
0.6–1.2 s; the server's sync thread pulls and merges meanwhile.

${lines.join("\n")}
`;
  await Deno.writeTextFile(file, text);
}
