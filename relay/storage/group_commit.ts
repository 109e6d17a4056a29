/**
 * Group commit: writes that arrive within one turn of the event loop share one transaction, so
 * one fsync (`synchronous = FULL`) covers them all instead of one each. `node:sqlite` blocks the
 * event loop while it syncs; a sync per push would serialize every request behind the disk.
 * Each write's promise settles only after the shared commit returned: what is acknowledged is
 * on disk.
 *
 * @module
 */

/** Runs a batch in one transaction; one result (or the Error of that item alone) per item. */
export type BatchCommit<T, R> = (items: readonly T[]) => (R | Error)[];

/** A function that queues `item` for the next batch and resolves with its result. */
export function groupCommit<T, R>(commit: BatchCommit<T, R>): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    let results: (R | Error)[];
    try {
      results = commit(batch.map((entry) => entry.item));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, i) => {
      const result = results[i];
      if (result instanceof Error) entry.reject(result);
      else entry.resolve(result as R);
    });
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({ item, resolve, reject });
    });
}
