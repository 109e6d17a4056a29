// The JSON API (docs/ui.md): GETs, and POSTs carrying the session's CSRF token.

let csrf = null;

/** An error answered by the server, with its code. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function answer(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = body.error ?? {};
    throw new ApiError(
      response.status,
      error.code ?? "error",
      error.message ?? response.statusText,
    );
  }
  return body;
}

/** The session: where the strand is, and the CSRF token for changes. */
export async function session() {
  const body = await answer(await fetch("/api/session", { credentials: "same-origin" }));
  csrf = body.csrf;
  return body;
}

/** `GET /api/<path>` with query parameters (empty ones left out). */
export async function get(path, params = {}) {
  const query = new URLSearchParams(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ).toString();
  return answer(
    await fetch(`/api/${path}${query ? `?${query}` : ""}`, { credentials: "same-origin" }),
  );
}

/** `POST /api/<path>` with a JSON body. */
export async function post(path, body = {}) {
  if (csrf === null) await session();
  return answer(
    await fetch(`/api/${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-helix-csrf": csrf },
      body: JSON.stringify(body),
    }),
  );
}
