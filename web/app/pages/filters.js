// The filters search and browse share: scope, type, status and as-of.
import { get } from "../api.js";
import { h } from "../dom.js";

let vocabulary = null;

function select(name, label, options, value, first) {
  const id = `filter-${name}`;
  return h(
    "span",
    { className: "field" },
    h("label", { htmlFor: id }, label),
    h(
      "select",
      { id, name },
      first ? h("option", { value: "" }, first) : null,
      options.map((o) => h("option", { value: o, selected: o === value }, o)),
    ),
  );
}

/** The filter fields, filled from `params`. */
export async function filterFields(params, { asOf = false } = {}) {
  vocabulary ??= await get("vocabulary");
  const { scopes, types, statuses } = vocabulary;
  return [
    select("scope", "Scope", scopes, params.get("scope") ?? "", "all scopes"),
    select("type", "Type", types, params.get("type") ?? "", "any type"),
    select("status", "Status", [...statuses, "any"], params.get("status") ?? "active"),
    asOf
      ? h(
        "span",
        { className: "field" },
        h("label", { htmlFor: "filter-asOf" }, "As of"),
        h("input", {
          id: "filter-asOf",
          name: "asOf",
          type: "date",
          value: params.get("asOf") ?? "",
        }),
      )
      : null,
  ];
}

/** The values of a filter form, as route parameters (empty ones left out). */
export function formParams(form) {
  const out = {};
  for (const [key, value] of new FormData(form)) {
    if (String(value) !== "") out[key] = String(value);
  }
  return out;
}
