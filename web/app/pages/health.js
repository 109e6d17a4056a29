// Health: open contradictions and merge conflicts at once; then counts by status and type,
// the model and vectors, and the worker's state and runs, which take a moment on a large
// strand and fill in when they arrive.
import { get } from "../api.js";
import { excerpt, h, link, page, replace, when } from "../dom.js";

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

function countsView({ stats, lifecycle, runs }) {
  const last = lifecycle.lastRunAt === null
    ? "never"
    : when(new Date(lifecycle.lastRunAt).toISOString());
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
      h(
        "dd",
        {},
        `${
          lifecycle.due ? `due (${lifecycle.due.replace("_", " ")})` : "not due"
        }; last ran ${last}`,
      ),
    ),
    h(
      "div",
      { className: "columns" },
      counts("By status", stats.byStatus),
      counts("By type", stats.byType),
    ),
    h("h2", {}, "Worker runs"),
    runs.length
      ? h("ul", {}, runs.map((r) => h("li", {}, `${when(r.at)}: ${r.summary}`)))
      : h("p", {}, "None yet."),
  ];
}

/** The health page. */
export async function healthPage() {
  const counting = get("health/counts");
  const { flags, conflicts } = await get("health");
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
    h("h2", {}, `Merge conflicts (${conflicts.length})`),
    conflicts.length
      ? h(
        "ul",
        {},
        conflicts.map((c) =>
          h("li", {}, link(`memory/${c.memory}`, null, c.memory), ` · ${c.kind} in ${c.field}`)
        ),
      )
      : h("p", {}, "None open."),
  ]);
}
