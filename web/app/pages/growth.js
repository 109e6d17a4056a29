// The strand's growth on the health page: memories written in all, over time, as a small
// plot (per day, or per week over a long log), with the table it draws folded beneath it.
import { h } from "../dom.js";
import { linePlot } from "./plot.js";

function day(iso) {
  return String(iso).slice(0, 10);
}

/** The growth section's content, from `growth` ({ by, periods }) of `/api/health/counts`. */
export function growthView({ by, periods }) {
  if (periods.length === 0) return h("p", {}, "Nothing written yet.");
  const first = periods[0];
  const last = periods[periods.length - 1];
  const per = by === "week" ? "week" : "day";
  // One point where a period starts and, for the first, the zero before it: the line climbs
  // from nothing to the total written.
  const points = [
    { x: Date.parse(first.start), y: first.writtenTotal - first.written },
    ...periods.map((p) => ({ x: Date.parse(p.start) + 1, y: p.writtenTotal })),
  ];
  const forgotten = periods.reduce((n, p) => n + p.forgotten, 0);
  const plot = linePlot(points, {
    yMax: last.writtenTotal,
    className: "growth",
    label: `Memories written, in all: from ${first.written} on ${
      day(first.start)
    } to ${last.writtenTotal} by ${
      day(last.start)
    } (${periods.length} ${per}s with writes or forgets; ${forgotten} forgotten)`,
  });
  return [
    plot,
    h(
      "p",
      { className: "plot-caption" },
      `${last.writtenTotal} memories written from ${day(first.start)} to ${day(last.start)}`,
      forgotten ? `; ${forgotten} forgotten` : "",
    ),
    h(
      "details",
      { className: "growth-table" },
      h("summary", {}, `Growth by ${per}, as a table`),
      h(
        "table",
        { className: "counts" },
        h("caption", {}, `Memories written and forgotten by ${per} (UTC)`),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            [by === "week" ? "Week of" : "Day", "Written", "Forgotten", "Written in all"].map(
              (t) => h("th", { scope: "col" }, t),
            ),
          ),
        ),
        h(
          "tbody",
          {},
          periods.map((p) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, day(p.start)),
              h("td", {}, String(p.written)),
              h("td", {}, String(p.forgotten)),
              h("td", {}, String(p.writtenTotal)),
            )
          ),
        ),
      ),
    ),
  ];
}
