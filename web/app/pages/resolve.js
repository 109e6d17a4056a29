// Merge conflicts side by side: a field two devices changed at once, with what each side set.
// Keep one (a patch of that field, with its undo) or edit the memory to write both.
import { get, post } from "../api.js";
import { h, link, page, when } from "../dom.js";
import { announce, refresh } from "../app.js";

function show(value) {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

function conflictView(c, i) {
  const keep = async (side) => {
    try {
      const result = await post(`memories/${encodeURIComponent(c.memory)}`, {
        [c.field]: side.value,
      });
      await refresh();
      announce(`Kept one side of ${c.field} of ${c.memory}.`, result.undo, () => refresh());
    } catch (error) {
      announce(`Cannot do that: ${error.message}`);
    }
  };
  if (c.kind === "fact") {
    return h(
      "section",
      { className: "conflict", "aria-labelledby": `conflict-${i}` },
      h("h2", { id: `conflict-${i}` }, `${c.memory}: two devices replaced it differently`),
      h(
        "p",
        {},
        "The successors contradict each other: settle them under ",
        link("health", null, "Health"),
        ".",
      ),
    );
  }
  return h(
    "section",
    { className: "conflict", "aria-labelledby": `conflict-${i}` },
    h(
      "h2",
      { id: `conflict-${i}` },
      `${c.field} of `,
      link(`memory/${c.memory}`, null, c.memory),
      ": changed on two devices at once",
    ),
    h("p", { className: "summary" }, "Now:"),
    h("pre", { className: "memory-content" }, show(c.current)),
    h(
      "div",
      { className: "columns" },
      c.sides.map((side, n) =>
        h(
          "article",
          { className: "side", "aria-label": `Side ${n + 1}` },
          h("h3", {}, `Side ${n + 1}`),
          h("p", { className: "summary" }, `${when(side.at)} · ${side.summary}`),
          h("pre", { className: "memory-content" }, show(side.value)),
          h("button", {
            type: "button",
            className: "primary",
            onclick: () => keep(side),
          }, `Keep side ${n + 1}`),
        )
      ),
    ),
    h(
      "p",
      {},
      "Or write both into one: ",
      link(`memory/${c.memory}`, null, "edit the memory"),
      ".",
    ),
  );
}

/** The resolve page: `#/resolve?memory=<id>`, or every open conflict. */
export async function resolvePage({ params }) {
  const { conflicts } = await get("conflicts", { memory: params.get("memory") });
  return page([
    h("h1", {}, "Merge conflicts"),
    conflicts.length
      ? conflicts.map(conflictView)
      : h("p", {}, "No conflict is open: every concurrent edit is settled."),
  ]);
}
