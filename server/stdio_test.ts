import { deepEqual, equal, match } from "node:assert/strict";
import { EventEmitter } from "node:events";
import { HardenedStdioTransport } from "./stdio.ts";
import type { JSONRPCMessage } from "./_sdk.ts";

/** A transport over in-memory streams: `feed` writes to its stdin, `sent` is what it answered. */
function harness(maxMessageBytes?: number) {
  const stdin = Object.assign(new EventEmitter(), { pause: () => stdin });
  const sent: Record<string, unknown>[] = [];
  const stdout = Object.assign(new EventEmitter(), {
    write: (line: string) => {
      sent.push(JSON.parse(line));
      return true;
    },
  });
  const transport = new HardenedStdioTransport(
    { stdin: stdin as never, stdout: stdout as never },
    maxMessageBytes === undefined ? {} : { maxMessageBytes },
  );
  const received: JSONRPCMessage[] = [];
  transport.onmessage = (message) => received.push(message);
  let closed = false;
  transport.onclose = () => (closed = true);
  const feed = (...chunks: (string | Uint8Array)[]) => {
    for (const chunk of chunks) {
      stdin.emit("data", typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    }
  };
  return { transport, feed, sent, received, closed: () => closed };
}

const list = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" });

Deno.test("HardenedStdioTransport frames lines across chunks, CRLF and several per chunk", async () => {
  const h = harness();
  await h.transport.start();
  const two = `${list(1)}\r\n${list(2)}\n`;
  h.feed(two.slice(0, 7), two.slice(7, 40), two.slice(40), "\n\n", list(3).slice(0, 5));
  deepEqual(h.received.map((m) => (m as { id: number }).id), [1, 2]);
  h.feed(`${list(3).slice(5)}\n`);
  deepEqual(h.received.map((m) => (m as { id: number }).id), [1, 2, 3]);
  deepEqual(h.sent, []);
});

Deno.test("HardenedStdioTransport answers a message over the limit and keeps the session", async () => {
  const h = harness(1024);
  await h.transport.start();
  // SDK clients write the id last: {method, params, jsonrpc, id}.
  const big = JSON.stringify({
    method: "tools/call",
    params: { name: "memory_write", arguments: { content: "x".repeat(5000) } },
    jsonrpc: "2.0",
    id: 9,
  });
  for (let i = 0; i < big.length; i += 300) h.feed(big.slice(i, i + 300));
  h.feed(`\n${list(10)}\n`);
  equal(h.sent.length, 1);
  const reply = h.sent[0] as {
    id: number;
    result: { isError: boolean; content: { text: string }[] };
  };
  equal(reply.id, 9);
  equal(reply.result.isError, true);
  match(reply.result.content[0]!.text, /^Cannot call memory_write: the request is 0\.0 MiB/);
  deepEqual(h.received.map((m) => (m as { id: number }).id), [10]);
  equal(h.closed(), false);
});

Deno.test("HardenedStdioTransport answers malformed lines instead of dropping them", async () => {
  const h = harness();
  await h.transport.start();
  h.feed('{"jsonrpc":"2.0","id":"a","method":"tools/list","params":[1]}\n', "nope\n");
  h.feed('{"jsonrpc":"2.0","method":"notifications/initialized","params":7}\n');
  deepEqual(h.sent, [
    {
      jsonrpc: "2.0",
      id: "a",
      error: { code: -32602, message: "Invalid params: params must be an object, not an array" },
    },
    { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: not JSON (nope…)" } },
  ]);
  deepEqual(h.received, []);
});

Deno.test("HardenedStdioTransport rewrites the SDK's schema dumps into readable -32602 errors", async () => {
  const h = harness();
  await h.transport.start();
  const dump = JSON.stringify([{
    expected: "string",
    code: "invalid_type",
    path: ["params", "uri"],
    message: "Invalid input: expected string, received number",
  }]);
  await h.transport.send(
    { jsonrpc: "2.0", id: 4, error: { code: -32603, message: dump } } as never,
  );
  await h.transport.send(
    { jsonrpc: "2.0", id: 5, error: { code: -32603, message: "boom" } } as never,
  );
  deepEqual(h.sent, [
    {
      jsonrpc: "2.0",
      id: 4,
      error: {
        code: -32602,
        message: "Invalid params: params.uri: expected string, received number",
      },
    },
    { jsonrpc: "2.0", id: 5, error: { code: -32603, message: "boom" } },
  ]);
});
