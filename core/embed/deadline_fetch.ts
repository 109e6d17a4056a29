/**
 * A fetch with a network deadline for model downloads: no response within the deadline, or a
 * body that stalls for as long, aborts the request. A slow but progressing download is not cut
 * off.
 *
 * @module
 */

/** The URL a fetch input names. */
function urlOf(input: string | URL | Request): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/** Responses that must not carry a body (the Response constructor rejects one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps `baseFetch` with a deadline: the request is aborted when no response arrives within
 * `timeoutMs`, and the body is aborted when it stalls for `timeoutMs`. Errors name the URL.
 */
export function createDeadlineFetch(baseFetch: typeof fetch, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const controller = new AbortController();
    const outer = init?.signal;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    outer?.addEventListener("abort", forward, { once: true });
    const deadline = `No data from ${url} within ${timeoutMs} ms`;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const disarm = () => {
      clearTimeout(timer);
      timer = undefined;
      outer?.removeEventListener("abort", forward);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(deadline));
      }, timeoutMs);
    };
    const failure = (error: unknown) => timedOut ? new Error(deadline, { cause: error }) : error;

    arm();
    let response: Response;
    try {
      response = await baseFetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      disarm();
      throw failure(error);
    }
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) {
      disarm();
      return response;
    }
    arm();
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            disarm();
            stream.close();
          } else {
            arm();
            stream.enqueue(chunk.value);
          }
        } catch (error) {
          disarm();
          stream.error(failure(error));
        }
      },
      async cancel(reason) {
        disarm();
        await reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
