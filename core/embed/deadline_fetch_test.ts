/**
 * Tests of the deadline fetch against a loopback server: data passes through, a stalled body
 * is aborted with the deadline in the message.
 *
 * @module
 */
import { equal, rejects } from "node:assert/strict";
import { createDeadlineFetch } from "./deadline_fetch.ts";
import { serve } from "./embed_testing.ts";

Deno.test("createDeadlineFetch passes data through and aborts stalled bodies", async () => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await using server = serve((_request, path) => {
    if (path === "/ok") return new Response("hello");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("partial"));
        released.then(() => controller.close());
      },
    });
    return new Response(body);
  });
  try {
    const deadlineFetch = createDeadlineFetch(fetch, 200);
    equal(await (await deadlineFetch(`${server.url}ok`)).text(), "hello");
    const stalled = await deadlineFetch(`${server.url}stall`);
    equal(stalled.status, 200);
    await rejects(stalled.text(), /No data from .*stall within 200 ms/);
  } finally {
    release();
  }
});
