// Browse: the list by scope, type and status, a page at a time; as of a date, the memories
// valid then (what has been superseded or archived since shows with its status now).
import { get } from "../api.js";
import { excerpt, h, link, page, route, when } from "../dom.js";
import { go } from "../app.js";
import { filterFields, formParams } from "./filters.js";

/** The browse page. */
export async function browsePage({ params }) {
  const listing = get("memories", Object.fromEntries(params));
  const form = h(
    "form",
    {
      className: "filters",
      onsubmit: (event) => {
        event.preventDefault();
        go(route("browse", formParams(form)));
      },
    },
    await filterFields(params, { asOf: true }),
    h("button", { type: "submit" }, "Show"),
  );
  const result = await listing;
  const rows = result.items.map((m) =>
    h(
      "tr",
      {},
      h(
        "td",
        { className: "content" },
        link(`memory/${m.id}`, null, excerpt(m.content)),
        h("span", { className: "id" }, m.id),
      ),
      h("td", {}, m.type),
      h("td", {}, m.scope),
      h("td", {}, m.status),
      h("td", {}, when(m.updatedAt)),
    )
  );
  const pageNumber = Number(params.get("page") ?? "1");
  const next = result.nextCursor
    ? link("browse", {
      ...Object.fromEntries(params),
      cursor: result.nextCursor,
      page: String(pageNumber + 1),
    }, "Next page →")
    : null;
  return page([
    h("h1", {}, "Browse"),
    form,
    rows.length
      ? h(
        "table",
        { className: "list" },
        h(
          "caption",
          {},
          `Page ${pageNumber}: ${rows.length} memories, newest first`,
          params.get("asOf") ? ` (as of ${params.get("asOf")}: those valid then)` : "",
        ),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["Memory", "Type", "Scope", "Status", "Updated"].map((t) =>
              h("th", { scope: "col" }, t)
            ),
          ),
        ),
        h("tbody", {}, rows),
      )
      : h("p", {}, "No memory matches these filters."),
    h(
      "nav",
      { className: "pager", "aria-label": "Pages of the list" },
      pageNumber > 1
        ? h("button", { type: "button", onclick: () => history.back() }, "← Previous")
        : null,
      next,
    ),
  ]);
}
