// A memory's links: the neighbourhood drawn, the list (with Unlink), and a form to link it to
// another memory. Each change answers with an undo.
import { get, post } from "../api.js";
import { excerpt, h, link, num } from "../dom.js";
import { announce, refresh } from "../app.js";
import { neighbourhood } from "./neighbourhood.js";

let relations = null;
let asking = null;

/** Starts reading the relations (the memory page calls it first: it loads beside the memory). */
export function preloadRelations() {
  asking ??= get("vocabulary").then((v) => v.relations);
  return asking;
}

async function change(path, body, message) {
  try {
    const result = await post(path, body);
    await refresh();
    announce(message, result.undo, () => refresh());
  } catch (error) {
    announce(`Cannot do that: ${error.message}`);
  }
}

function linkForm(m) {
  const form = h(
    "form",
    {
      className: "row link-form",
      "aria-label": "Link to another memory",
      onsubmit: (event) => {
        event.preventDefault();
        const data = new FormData(form);
        const to = String(data.get("to")).trim();
        const relation = String(data.get("relation"));
        change("edges", { from: m.id, to, relation }, `Linked ${m.id} —${relation}→ ${to}.`);
      },
    },
    h(
      "span",
      { className: "field" },
      h("label", { htmlFor: "link-relation" }, "Relation"),
      h(
        "select",
        { id: "link-relation", name: "relation" },
        relations.map((r) => h("option", { value: r, selected: r === "related_to" }, r)),
      ),
    ),
    h(
      "span",
      { className: "field grow" },
      h("label", { htmlFor: "link-to" }, "Link to memory (id)"),
      h("input", {
        id: "link-to",
        name: "to",
        type: "text",
        required: true,
        autocomplete: "off",
        spellcheck: false,
      }),
    ),
    h("button", { type: "submit" }, "Link"),
  );
  return form;
}

/** The links part of the memory page. */
export async function linksView(m, edges) {
  relations ??= await preloadRelations();
  const list = edges.length === 0 ? h("p", {}, "No links.") : h(
    "ul",
    { className: "edges" },
    edges.map(({ edge, direction, other }) =>
      h(
        "li",
        {},
        direction === "out" ? `this —${edge.relation}→ ` : `← ${edge.relation}— `,
        other
          ? link(`memory/${other.id}`, null, other.id)
          : (direction === "out" ? edge.to : edge.from),
        other ? ` (${other.status}) ${excerpt(other.content, 100)}` : " (gone)",
        ` · weight ${num(edge.weight, 2)} `,
        h("button", {
          type: "button",
          className: "small",
          "aria-label": `Unlink ${edge.relation} ${other?.id ?? ""}`.trim(),
          onclick: () =>
            change("edges/remove", { memory: m.id, edge: edge.id }, `Unlinked ${edge.relation}.`),
        }, "Unlink"),
      )
    ),
  );
  return [neighbourhood(m, edges), list, linkForm(m)];
}
