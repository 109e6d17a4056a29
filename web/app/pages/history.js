// History: the log with filters, and rollback to a point with a preview of what it changes.
import { get, post } from "../api.js";
import { h, link, page, route, when } from "../dom.js";
import { announce, go, refresh } from "../app.js";
import { compareForm } from "./compare.js";

const KINDS = [
  "memory.put",
  "memory.patch",
  "memory.forget",
  "memory.reinforce",
  "memory.purge",
  "edge.put",
  "edge.remove",
  "session.end",
  "job.run",
];

function planView(plan) {
  const m = plan.memories;
  const count = m.restored.length + m.forgotten.length + m.patched.length +
    plan.edges.put.length + plan.edges.removed.length;
  const ids = (label, list) =>
    list.length
      ? h(
        "li",
        {},
        `${label} (${list.length}): `,
        list.slice(0, 20).map((id, i) => [i ? ", " : "", link(`memory/${id}`, null, id)]),
        list.length > 20 ? " …" : "",
      )
      : null;
  return h(
    "div",
    { className: "plan" },
    h(
      "p",
      {},
      count === 0
        ? "Nothing to roll back: the strand already matches this point."
        : `Rolling back to ${when(plan.point.at)} would:`,
    ),
    h(
      "ul",
      {},
      ids("forget", m.forgotten),
      ids("restore the status of", m.restored),
      ids("patch back", m.patched),
      ids("put back links", plan.edges.put),
      ids("remove links", plan.edges.removed),
      plan.unrecoverable.memories.length
        ? h("li", {}, `${plan.unrecoverable.memories.length} purged memories cannot come back`)
        : null,
    ),
    count > 0
      ? h("button", {
        type: "button",
        className: "danger",
        onclick: async () => {
          try {
            const report = await post("rollback", {
              point: plan.point.changeId ?? plan.point.input,
            });
            await refresh();
            announce(
              `Rolled back: ${report.ops.length} ops appended.`,
              null,
            );
            if (report.undoPoint) showUndoRollback(report.undoPoint);
          } catch (error) {
            announce(`Cannot roll back: ${error.message}`);
          }
        },
      }, "Roll back")
      : null,
  );
}

function showUndoRollback(point) {
  const status = document.getElementById("status");
  status.append(
    " ",
    h("button", {
      type: "button",
      className: "undo",
      onclick: async () => {
        try {
          await post("rollback", { point });
          await refresh();
          announce("Rollback undone.");
        } catch (error) {
          announce(`Cannot undo: ${error.message}`);
        }
      },
    }, "Undo"),
  );
}

/** The history page. */
export async function historyPage({ params }) {
  const form = h(
    "form",
    {
      className: "filters",
      onsubmit: (event) => {
        event.preventDefault();
        const out = {};
        for (const [k, v] of new FormData(form)) if (String(v) !== "") out[k] = String(v);
        go(route("history", out));
      },
    },
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "h-kind" }, "Op kind"),
      h(
        "select",
        { id: "h-kind", name: "kind" },
        h("option", { value: "" }, "any"),
        KINDS.map((k) => h("option", { value: k, selected: params.get("kind") === k }, k)),
      ),
    ),
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "h-id" }, "Memory id"),
      h("input", { id: "h-id", name: "id", type: "text", value: params.get("id") ?? "" }),
    ),
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "h-since" }, "Since"),
      h("input", { id: "h-since", name: "since", type: "date", value: params.get("since") ?? "" }),
    ),
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "h-until" }, "Until"),
      h("input", { id: "h-until", name: "until", type: "date", value: params.get("until") ?? "" }),
    ),
    h("button", { type: "submit" }, "Filter"),
  );
  const { entries } = await get("history", Object.fromEntries(params));
  const preview = h("div", { className: "preview", "aria-live": "polite" });
  const rows = entries.map((e) =>
    h(
      "tr",
      {},
      h("td", {}, when(e.at)),
      h("td", {}, e.kind),
      h(
        "td",
        { className: "content" },
        e.subject.startsWith("mem_") ? link(`memory/${e.subject}`, null, e.summary) : e.summary,
      ),
      h(
        "td",
        {},
        h("button", {
          type: "button",
          "aria-label": `Roll back to here… (${e.changeId.slice(0, 12)})`,
          onclick: async () => {
            const plan = await post("rollback", { point: e.changeId, dryRun: true });
            preview.replaceChildren(planView(plan));
            preview.scrollIntoView({ block: "nearest" });
          },
        }, "Roll back to here…"),
      ),
    )
  );
  return page([
    h("h1", {}, "History"),
    form,
    h("h2", {}, "Compare two points"),
    compareForm(),
    preview,
    h(
      "table",
      { className: "list" },
      h("caption", {}, `${entries.length} ops, newest first`),
      h(
        "thead",
        {},
        h("tr", {}, ["When", "Op", "What", "Rollback"].map((t) => h("th", { scope: "col" }, t))),
      ),
      h("tbody", {}, rows),
    ),
  ]);
}
