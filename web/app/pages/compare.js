// What changed between two points of history (`engine.diff`): counts, then each memory added,
// removed or changed field by field, and the links that changed.
import { get } from "../api.js";
import { excerpt, h, link } from "../dom.js";
import { diffView } from "./diff.js";

function presence(p) {
  if (p.memory) {
    return h("li", {}, link(`memory/${p.id}`, null, p.id), ` ${excerpt(p.memory.content, 120)}`);
  }
  return h("li", {}, `purged memory (${p.purged?.ref ?? "?"})`);
}

function changed(c) {
  const before = { fields: Object.fromEntries(c.changes.map((f) => [f.field, f.before])) };
  const after = { fields: Object.fromEntries(c.changes.map((f) => [f.field, f.after])) };
  return h(
    "li",
    {},
    link(`memory/${c.id}`, null, c.id),
    c.transition ? ` (${c.transition})` : "",
    diffView(before, after),
  );
}

/** The diff between `from` and `to`, drawn. */
export function diffPointsView(diff) {
  const { counts, memories, edges } = diff;
  const total = counts.added + counts.removed + counts.changed + counts.superseded +
    counts.forgotten + counts.archived + counts.quarantined + counts.restored +
    counts.edgesAdded + counts.edgesRemoved + counts.edgesChanged;
  const section = (title, items, view) =>
    items.length ? [h("h3", {}, `${title} (${items.length})`), h("ul", {}, items.map(view))] : [];
  const edge = (e) => h("li", {}, `${e.from} —${e.relation}→ ${e.to}`);
  return h(
    "div",
    { className: "compare-out" },
    h(
      "p",
      {},
      total === 0
        ? "Nothing differs between these points."
        : `From ${diff.from.at} to ${diff.to.at}:`,
    ),
    section("Added", memories.added, presence),
    section("Removed", memories.removed, presence),
    section("Changed", memories.changed, changed),
    section("Links added", edges.added, edge),
    section("Links removed", edges.removed, edge),
  );
}

/** The compare form: two points (a change id, a time, an age like `2h`, or now). */
export function compareForm(initialFrom = "") {
  const out = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    {
      className: "filters",
      "aria-label": "Compare two points",
      onsubmit: async (event) => {
        event.preventDefault();
        const data = new FormData(form);
        try {
          const diff = await get("diff", {
            from: String(data.get("from")),
            to: String(data.get("to")),
          });
          out.replaceChildren(diffPointsView(diff));
        } catch (error) {
          out.replaceChildren(h("p", { role: "alert" }, `Cannot compare: ${error.message}`));
        }
      },
    },
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "cmp-from" }, "From (change id, time or age like 2h)"),
      h("input", {
        id: "cmp-from",
        name: "from",
        type: "text",
        required: true,
        value: initialFrom,
        autocomplete: "off",
      }),
    ),
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "cmp-to" }, "To"),
      h("input", { id: "cmp-to", name: "to", type: "text", value: "now", autocomplete: "off" }),
    ),
    h("button", { type: "submit" }, "Compare"),
  );
  return [form, out];
}
