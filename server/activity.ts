/**
 * Whether the server is busy answering an agent, shared with the lifecycle thread: the
 * transports count requests in flight and stamp the last one, and the thread waits for a quiet
 * moment before it starts a run and between slices. A `SharedArrayBuffer`, so the thread reads
 * it without a message round trip.
 *
 * @module
 */

/** The server's side: counts requests in flight. */
export interface Activity {
  /** A request arrived. */
  begin(): void;
  /** A request was answered. */
  end(): void;
  /** The shared memory to hand the lifecycle thread ({@linkcode readActivity}). */
  readonly buffer: SharedArrayBuffer;
}

/** The thread's side: what the server is doing now. */
export interface ActivityReader {
  /** Requests in flight. */
  inFlight(): number;
  /** Milliseconds since the last request arrived or was answered (`Infinity` before any). */
  quietFor(now: number): number;
}

/** Layout: an Int32 count of requests in flight, then a Float64 time of the last change. */
const BYTES = 16;

/** A counter of requests in flight; `now` is the clock (ms). */
export function createActivity(now: () => number = Date.now): Activity {
  const buffer = new SharedArrayBuffer(BYTES);
  const count = new Int32Array(buffer, 0, 1);
  const stamp = new Float64Array(buffer, 8, 1);
  return {
    buffer,
    begin() {
      Atomics.add(count, 0, 1);
      stamp[0] = now();
    },
    end() {
      // Never below zero, whatever a transport reports twice.
      if (Atomics.sub(count, 0, 1) <= 0) Atomics.store(count, 0, 0);
      stamp[0] = now();
    },
  };
}

/** Reads a counter made by {@linkcode createActivity}, from any thread. */
export function readActivity(buffer: SharedArrayBuffer): ActivityReader {
  const count = new Int32Array(buffer, 0, 1);
  const stamp = new Float64Array(buffer, 8, 1);
  return {
    inFlight: () => Atomics.load(count, 0),
    quietFor: (now) => (stamp[0] === 0 ? Infinity : now - stamp[0]!),
  };
}

/** An activity that is never busy: for servers without a lifecycle thread, and tests. */
export const NO_ACTIVITY: Activity = {
  begin() {},
  end() {},
  buffer: new SharedArrayBuffer(BYTES),
};
