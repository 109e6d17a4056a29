// Health: open contradictions and merge conflicts at once; then counts by status and type,
// growth over time, the model and vectors, and the worker's state and runs, which take a
// moment on a large strand and fill in when they arrive. With team strands, each one's sync,
// who keeps it, and its counts.
import { get, post } from "../api.js";
import { excerpt, h, link, page, replace, when } from "../dom.js";
import { announce, refresh } from "../app.js";
import { growthView } from "./growth.js";

function runView(r) {
  return h(
    "li",
    {},
    `${when(r.at)} · ${r.jobs.join(", ")} · ${r.summary} `,
    r.undoable
      ? h("button", {
        type: "button",
        "aria-label": `Undo run ${r.run.slice(0, 8)} (${r.jobs.join(", ")})`,
        onclick: async () => {
          try {
            const report = await post("runs/undo", { run: r.run });
            await refresh();
            announce(`Undid run ${r.run.slice(0, 8)}: ${report.ops} ops appended.`);
          } catch (error) {
            announce(`Cannot undo the run: ${error.message}`);
          }
        },
      }, "Undo run")
      : null,
  );
}

function syncView(sync) {
  if (!sync) return h("p", {}, "This strand does not sync (see helix sync init).");
  return [
    h(
      "dl",
      { className: "facts-grid" },
      h("dt", {}, "Relay"),
      h("dd", {}, sync.relay ?? "—"),
      h("dt", {}, "Devices"),
      h(
        "dd",
        {},
        sync.devices
          ? sync.devices.map((d) => `${d.name}${d.me ? " (this one)" : ""}`).join(", ")
          : "keys not loaded",
      ),
      h("dt", {}, "Last push / pull"),
      h(
        "dd",
        {},
        `${sync.pushedAt ? when(new Date(sync.pushedAt).toISOString()) : "never"} / ${
          sync.pulledAt ? when(new Date(sync.pulledAt).toISOString()) : "never"
        }`,
      ),
      h("dt", {}, "Waiting"),
      h(
        "dd",
        {},
        `${sync.unpushed} to push, ${sync.pending} pending, ${sync.quarantined} set aside`,
      ),
    ),
    sync.alarms.length
      ? h(
        "ul",
        { className: "alarms", role: "alert" },
        sync.alarms.map((a) => h("li", {}, h("strong", {}, a.kind), ` ${a.detail}`)),
      )
      : h("p", {}, "No alarm."),
  ];
}

function counts(title, record) {
  return h(
    "table",
    { className: "counts" },
    h("caption", {}, title),
    h(
      "tbody",
      {},
      Object.entries(record).map(([k, v]) =>
        h("tr", {}, h("th", { scope: "row" }, k), h("td", {}, String(v)))
      ),
    ),
  );
}

function workerText(lifecycle) {
  const last = lifecycle.lastRunAt === null
    ? "never"
    : when(new Date(lifecycle.lastRunAt).toISOString());
  return `${
    lifecycle.due ? `due (${lifecycle.due.replace("_", " ")})` : "not due"
  }; last ran ${last}`;
}

// A team strand's counts: its memories, vectors, worker and runs (kept by one machine).
function teamCountsView(t) {
  return h(
    "section",
    { className: "team-counts", "aria-label": `Team ${t.team} counts` },
    h("h3", {}, `Team ${t.team}`),
    h(
      "dl",
      { className: "facts-grid" },
      h("dt", {}, "Memories"),
      h("dd", {}, String(t.stats.memories)),
      h("dt", {}, "Vectors"),
      h("dd", {}, `${t.stats.vectors} stored, ${t.stats.missingVectors} missing`),
      h("dt", {}, "Worker"),
      h("dd", {}, workerText(t.lifecycle)),
    ),
    t.runs.length
      ? h("ul", { className: "runs" }, t.runs.map(runView))
      : h("p", {}, "No worker run yet."),
  );
}

// Who keeps a team strand (runs its lifecycle jobs), and when it was last heard from.
function keeperText(keeper) {
  if (!keeper) return "unknown (not synced here, or the roster cannot be read)";
  if (keeper.me) return "this machine";
  const heard = keeper.heardAt === null
    ? "never heard from"
    : `last heard from ${when(new Date(keeper.heardAt).toISOString())}`;
  return `${keeper.name}'s machine, ${heard}`;
}

function teamView(t) {
  return h(
    "section",
    { className: "team", "aria-label": `Team ${t.team}` },
    h("h3", {}, `Team ${t.team}`),
    h(
      "dl",
      { className: "facts-grid" },
      h("dt", {}, "Kept by"),
      h("dd", {}, keeperText(t.keeper)),
      h("dt", {}, "Open"),
      h("dd", {}, `${t.flags} contradictions, ${t.conflicts} merge conflicts`),
    ),
    syncView(t.sync),
  );
}

function countsView({ stats, lifecycle, runs, growth, teams }) {
  return [
    h(
      "dl",
      { className: "facts-grid" },
      h("dt", {}, "Memories"),
      h("dd", {}, String(stats.memories)),
      h("dt", {}, "Links"),
      h("dd", {}, String(stats.edges)),
      h("dt", {}, "Ops"),
      h("dd", {}, `${stats.ops} (last ${when(stats.lastOpAt)})`),
      h("dt", {}, "Model"),
      h(
        "dd",
        {},
        `${stats.embedding.model} (${stats.embedding.dimension}d, ${stats.embedding.state})`,
      ),
      h("dt", {}, "Vectors"),
      h("dd", {}, `${stats.vectors} stored, ${stats.missingVectors} missing`),
      h("dt", {}, "Worker"),
      h("dd", {}, workerText(lifecycle)),
    ),
    h(
      "div",
      { className: "columns" },
      counts("By status", stats.byStatus),
      counts("By type", stats.byType),
    ),
    h("h2", {}, "Growth"),
    growthView(growth),
    h("h2", {}, "Worker runs"),
    runs.length ? h("ul", { className: "runs" }, runs.map(runView)) : h("p", {}, "None yet."),
    teams ? [h("h2", {}, "Team strands: counts"), teams.map(teamCountsView)] : null,
  ];
}

/** The health page. */
export async function healthPage() {
  const counting = get("health/counts");
  const { flags, conflicts, sync, teams } = await get("health");
  const region = h(
    "div",
    { className: "counts-region", "aria-busy": "true", "aria-live": "polite" },
    h("p", { className: "summary" }, "Counting…"),
  );
  counting.then(
    (data) => {
      replace(region, countsView(data));
      region.setAttribute("aria-busy", "false");
      region.dataset.complete = "true";
    },
    (error) => replace(region, h("p", { role: "alert" }, `Cannot count: ${error.message}`)),
  );
  return page([
    h("h1", {}, "Health"),
    region,
    h("h2", {}, `Contradictions (${flags.length})`),
    flags.length
      ? h(
        "ul",
        { className: "flags" },
        flags.map((f) =>
          h(
            "li",
            {},
            f.attribute ? h("strong", {}, `${f.attribute}: `) : null,
            `“${excerpt(f.newer.content, 70)}” vs “${excerpt(f.older.content, 70)}” `,
            link("settle", { edge: f.edge.id }, "Settle…"),
          )
        ),
      )
      : h("p", {}, "None open."),
    h("h2", {}, "Sync"),
    syncView(sync),
    teams ? [h("h2", {}, `Team strands (${teams.length})`), teams.map(teamView)] : null,
    h("h2", {}, `Merge conflicts (${conflicts.length})`),
    conflicts.length
      ? h(
        "ul",
        {},
        conflicts.map((c) =>
          h(
            "li",
            {},
            link(`memory/${c.memory}`, null, c.memory),
            ` · ${c.kind} in ${c.field} `,
            link("resolve", { memory: c.memory }, "Resolve…"),
          )
        ),
      )
      : h("p", {}, "None open."),
  ]);
}
