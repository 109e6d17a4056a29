import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";
import { createUiHandler } from "./handler.ts";
import { homeWorkspace, registerTeams } from "../../core/workspace/_workspace_testing.ts";

const PORT = 48123;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TOKEN = "t".repeat(64);

/** A handler and a signed-in session: its cookie and CSRF token. */
async function signedIn(handle: (request: Request) => Promise<Response>) {
  const first = await handle(new Request(`${ORIGIN}/?token=${TOKEN}`));
  equal(first.status, 303);
  equal(first.headers.get("location"), "/");
  const setCookie = first.headers.get("set-cookie") ?? "";
  match(setCookie, /HttpOnly; SameSite=Strict; Path=\//);
  const cookie = setCookie.split(";")[0]!;
  const session = await handle(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));
  equal(session.status, 200);
  const { csrf } = await session.json();
  return { cookie, csrf: csrf as string };
}

Deno.test("createUiHandler() trades the one-time token for a session cookie, once", async () => {
  await using t = await tempEngine();
  const handle = createUiHandler({ engine: t.engine, port: PORT, token: TOKEN });
  const { cookie } = await signedIn(handle);
  const again = await handle(new Request(`${ORIGIN}/?token=${TOKEN}`));
  equal(again.status, 401, "a used token opens nothing");
  const page = await handle(new Request(`${ORIGIN}/`, { headers: { cookie } }));
  equal(page.status, 200);
  match(page.headers.get("content-type") ?? "", /text\/html/);
  match(page.headers.get("content-security-policy") ?? "", /script-src 'self'/);
  equal(page.headers.get("x-content-type-options"), "nosniff");
  await page.body?.cancel();
});

Deno.test("createUiHandler() refuses requests without the session, for another host or from another origin", async (t) => {
  await using e = await tempEngine();
  await e.engine.write({ content: "Deploys need two approvals." });
  const handle = createUiHandler({ engine: e.engine, port: PORT, token: TOKEN });
  const { cookie, csrf } = await signedIn(handle);
  const cases: [string, Request, number][] = [
    ["no cookie", new Request(`${ORIGIN}/api/memories`), 401],
    ["no cookie, page", new Request(`${ORIGIN}/`), 401],
    ["wrong token", new Request(`${ORIGIN}/?token=${"x".repeat(64)}`), 401],
    [
      "forged cookie",
      new Request(`${ORIGIN}/api/memories`, { headers: { cookie: `helix_ui_${PORT}=abc` } }),
      401,
    ],
    [
      "foreign origin",
      new Request(`${ORIGIN}/api/memories`, {
        headers: { cookie, origin: "http://evil.example" },
      }),
      403,
    ],
    [
      "rebound host",
      new Request(`http://evil.example:${PORT}/api/memories`, { headers: { cookie } }),
      403,
    ],
    [
      "cross-site fetch",
      new Request(`${ORIGIN}/api/memories`, {
        headers: { cookie, "sec-fetch-site": "cross-site" },
      }),
      403,
    ],
    [
      "another port's page (same-site)",
      new Request(`${ORIGIN}/api/memories`, {
        headers: { cookie, "sec-fetch-site": "same-site" },
      }),
      403,
    ],
    [
      "POST without CSRF",
      new Request(`${ORIGIN}/api/memories/x/forget`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: "{}",
      }),
      403,
    ],
    [
      "POST as a form",
      new Request(`${ORIGIN}/api/memories/x/forget`, {
        method: "POST",
        headers: {
          cookie,
          "x-helix-csrf": csrf,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "a=b",
      }),
      403,
    ],
  ];
  for (const [name, request, status] of cases) {
    await t.step(name, async () => {
      const response = await handle(request);
      equal(response.status, status);
      await response.body?.cancel();
    });
  }
  const [memory] = e.engine.list().items;
  equal(memory?.status, "active", "nothing was forgotten");
  const allowed = await handle(
    new Request(`${ORIGIN}/api/memories`, { headers: { cookie, origin: ORIGIN } }),
  );
  equal(allowed.status, 200);
  equal((await allowed.json()).items.length, 1);
});

Deno.test("createUiHandler() edits with the CSRF token, and the undo puts the old text back", async () => {
  await using e = await tempEngine();
  const { id } = await e.engine.write({ content: "Deploys need one approval." });
  const handle = createUiHandler({ engine: e.engine, port: PORT, token: TOKEN });
  const { cookie, csrf } = await signedIn(handle);
  const post = (path: string, body: unknown) =>
    handle(
      new Request(`${ORIGIN}/api/${path}`, {
        method: "POST",
        headers: { cookie, "x-helix-csrf": csrf, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const edited = await post(`memories/${id}`, { content: "Deploys need two approvals." });
  equal(edited.status, 200);
  const { undo } = await edited.json();
  equal(e.engine.get(id).content, "Deploys need two approvals.");
  const undone = await post("undo", undo);
  equal(undone.status, 200);
  equal(e.engine.get(id).content, "Deploys need one approval.");
  const again = await post("undo", undo);
  equal(again.status, 409, "the edit was already undone: the memory no longer holds its text");
  const { error } = await again.json();
  equal(error.code, "conflict");
  const unknown = await handle(
    new Request(`${ORIGIN}/api/memories/mem_nope`, { headers: { cookie } }),
  );
  equal(unknown.status, 404);
  await unknown.body?.cancel();
  const kinds = e.engine.history({ id }).map((h) => h.kind);
  ok(kinds.filter((k) => k === "memory.patch").length === 2, "the edit and its undo are ops");
});

Deno.test("createUiHandler() forgets, restores and discards, each undone to the status before", async (t) => {
  await using e = await tempEngine();
  const kept = await e.engine.write({ content: "Deploys need two approvals." });
  const held = await e.engine.write({
    content: "Releases are cut on Tuesdays.",
    status: "quarantined",
  });
  const handle = createUiHandler({ engine: e.engine, port: PORT, token: TOKEN });
  const { cookie, csrf } = await signedIn(handle);
  const post = async (path: string, body: unknown) => {
    const response = await handle(
      new Request(`${ORIGIN}/api/${path}`, {
        method: "POST",
        headers: { cookie, "x-helix-csrf": csrf, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    equal(response.status, 200, path);
    return await response.json();
  };
  const cases: [string, string, string, unknown, string, string][] = [
    ["forget", kept.id, `memories/${kept.id}/forget`, {}, "forgotten", "active"],
    ["restore", kept.id, `memories/${kept.id}`, { status: "active" }, "active", "forgotten"],
    ["discard", held.id, `memories/${held.id}/forget`, {}, "forgotten", "quarantined"],
  ];
  for (const [name, id, path, body, after, before] of cases) {
    await t.step(name, async () => {
      const status = e.engine.get(id).status;
      const done = await post(path, body);
      equal(done.memory.status, after);
      const undone = await post("undo", done.undo);
      equal(undone.memory.status, status);
      equal(status, before);
      // Leave it as the action left it, for the next case.
      if (name === "forget") await post(path, body);
    });
  }
});

Deno.test("createUiHandler() lists the worker's runs and undoes one", async () => {
  await using e = await tempEngine();
  const { id } = await e.engine.write({
    content: "Lunch was a sandwich today.",
    type: "episode",
    importance: 1,
  });
  e.clock.advance(3 * 365 * 86_400_000);
  const report = await e.engine.sleep();
  equal(e.engine.get(id).status, "archived", `the worker archived it: ${JSON.stringify(report)}`);
  const handle = createUiHandler({ engine: e.engine, port: PORT, token: TOKEN });
  const { cookie, csrf } = await signedIn(handle);
  const counts = await handle(new Request(`${ORIGIN}/api/health/counts`, { headers: { cookie } }));
  const { runs } = await counts.json();
  const archive = runs.find((r: { jobs: string[] }) => r.jobs.includes("archive"));
  ok(archive?.undoable, JSON.stringify(runs));
  const undone = await handle(
    new Request(`${ORIGIN}/api/runs/undo`, {
      method: "POST",
      headers: { cookie, "x-helix-csrf": csrf, "content-type": "application/json" },
      body: JSON.stringify({ run: archive.run }),
    }),
  );
  equal(undone.status, 200);
  await undone.body?.cancel();
  equal(e.engine.get(id).status, "active");
  const after = await handle(new Request(`${ORIGIN}/api/health/counts`, { headers: { cookie } }));
  const again = (await after.json()).runs.find((r: { run: string }) => r.run === archive.run);
  equal(again?.undoable ?? false, false, "an undone run offers no second undo");
});

Deno.test("createUiHandler() search filters by status, type and as-of, and lists by page", async (t) => {
  await using e = await tempEngine();
  const kept = await e.engine.write({
    content: "Deploys use the blue pipeline.",
    type: "convention",
  });
  const gone = await e.engine.write({ content: "Deploys used the green pipeline.", type: "fact" });
  await e.engine.forget({ id: gone.id });
  const handle = createUiHandler({ engine: e.engine, port: PORT, token: TOKEN });
  const { cookie } = await signedIn(handle);
  const get = async (path: string) => {
    const response = await handle(new Request(`${ORIGIN}/api/${path}`, { headers: { cookie } }));
    equal(response.status, 200, path);
    return await response.json();
  };
  const ids = (hits: { memory: { id: string } }[]) => hits.map((h) => h.memory.id).sort();
  await t.step("active by default", async () => {
    deepEqual(ids((await get("search?q=deploys+pipeline")).hits), [kept.id]);
  });
  await t.step("one status", async () => {
    deepEqual(ids((await get("search?q=deploys+pipeline&status=forgotten")).hits), [gone.id]);
  });
  await t.step("any status", async () => {
    deepEqual(
      ids((await get("search?q=deploys+pipeline&status=any")).hits),
      [kept.id, gone.id].sort(),
    );
  });
  await t.step("one type", async () => {
    deepEqual(ids((await get("search?q=deploys+pipeline&status=any&type=fact")).hits), [gone.id]);
  });
  await t.step("as of a time before they were written", async () => {
    deepEqual((await get("search?q=deploys+pipeline&asOf=2020-01-01")).hits, []);
  });
  await t.step("pages of the list", async () => {
    const first = await get("memories?status=any&limit=1");
    equal(first.items.length, 1);
    const second = await get(
      `memories?status=any&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    equal(second.items.length, 1);
    equal(second.nextCursor, null);
    notEqual(first.items[0].id, second.items[0].id);
  });
  await t.step("the list as of a time before they were written, and after", async () => {
    deepEqual((await get("memories?asOf=2020-01-01")).items, []);
    deepEqual(
      (await get("memories?asOf=2100-01-01")).items.map((m: { id: string }) => m.id),
      [kept.id],
    );
  });
  await t.step("the health counts carry the growth by day", async () => {
    const { growth } = await get("health/counts");
    equal(growth.by, "day");
    equal(growth.periods.at(-1).writtenTotal, 2);
    equal(growth.periods.at(-1).forgotten, 1);
  });
  await t.step("a bad filter is a 400", async () => {
    const response = await handle(
      new Request(`${ORIGIN}/api/search?q=x&type=nonsense`, { headers: { cookie } }),
    );
    equal(response.status, 400);
    await response.body?.cancel();
  });
});

Deno.test("the dashboard over a workspace searches the team strand too, and says whose memory it is", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-ui-team-" });
  await registerTeams(home, { acme: ["billing"] });
  const workspace = await homeWorkspace(home, "billing", { embedder: null });
  try {
    await workspace.write({
      content: "Invoices are numbered per legal entity.",
      type: "convention",
    });
    await workspace.write({ content: "I prefer terse answers.", type: "preference" });
    const handle = createUiHandler({ engine: workspace, port: PORT, token: TOKEN });
    const { cookie } = await signedIn(handle);
    const found = await handle(
      new Request(`${ORIGIN}/api/search?q=${encodeURIComponent("invoice numbers")}`, {
        headers: { cookie },
      }),
    );
    equal(found.status, 200);
    const { hits } = await found.json();
    const hit = hits.find((h: { memory: { content: string } }) =>
      h.memory.content.startsWith("Invoices")
    );
    equal(hit?.strand, "team:acme");
    equal(hit?.member, "you");
  } finally {
    workspace.close();
    await Deno.remove(home, { recursive: true });
  }
});
