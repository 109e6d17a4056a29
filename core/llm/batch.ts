/**
 * Batched requests: inputs answered from the cache where they can be, identical inputs asked
 * once, the rest asked in batches, and each answer checked and cached per input.
 *
 * @module
 */
import type { ChatRequest } from "./chat_request.ts";
import { type Channel, MAX_RETRY_WAIT_MS } from "./channel.ts";

/**
 * One kind of batched request: how an input becomes its cache-keyed payload, how a batch of
 * payloads becomes a request, and how the answer (or a cached entry) becomes results.
 */
export interface BatchTask<I, P, R> {
  readonly name: string;
  readonly batchSize: number;
  payload(input: I): P;
  fromCache(raw: unknown, payload: P): R | null;
  request(payloads: readonly P[]): ChatRequest;
  /** Per payload, the result and what to cache for it, or null when it does not check out. */
  read(answer: unknown, payloads: readonly P[]): ({ result: R; cache: unknown } | null)[];
}

/**
 * Answers `inputs` from the cache where it can and asks for the rest in batches of
 * `task.batchSize`; identical inputs are asked once. `null` where no usable answer came.
 */
export async function batched<I, P, R>(
  channel: Channel,
  task: BatchTask<I, P, R>,
  inputs: readonly I[],
): Promise<(R | null)[]> {
  const results: (R | null)[] = new Array(inputs.length).fill(null);
  try {
    const allowance = { remainingMs: MAX_RETRY_WAIT_MS };
    const pending = new Map<string, { payload: P; positions: number[] }>();
    for (const [position, input] of inputs.entries()) {
      const payload = task.payload(input);
      const key = channel.cacheKey(task.name, payload);
      const waiting = pending.get(key);
      if (waiting) {
        waiting.positions.push(position);
        continue;
      }
      const hit = channel.cached(key, (raw) => task.fromCache(raw, payload));
      if (hit !== undefined) results[position] = hit;
      else pending.set(key, { payload, positions: [position] });
    }
    const groups = [...pending];
    for (let start = 0; start < groups.length; start += task.batchSize) {
      const batch = groups.slice(start, start + task.batchSize);
      const payloads = batch.map(([, entry]) => entry.payload);
      const reply = await channel.ask(task.request(payloads), allowance);
      if (reply === undefined) continue;
      const share = Math.ceil(reply.tokens / batch.length);
      for (const [index, read] of task.read(reply.answer, payloads).entries()) {
        const [key, entry] = batch[index]!;
        if (read === null) {
          channel.fail(channel.unusable(`${task.name} result ${index} does not match the schema`));
          continue;
        }
        channel.remember(key, JSON.stringify(read.cache), share);
        for (const position of entry.positions) results[position] = read.result;
      }
    }
  } catch (error) {
    return channel.settle(results, error);
  }
  return channel.settle(results);
}
