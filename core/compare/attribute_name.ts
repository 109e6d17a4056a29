/**
 * What people call the attribute of a slot ("tech:database" → "database", "version:node" →
 * "node version"), and values as they were written.
 *
 * @module
 */
import type { Value } from "./value_types.ts";

/** A slot's name for people. */
export function attributeName(slot: string): string {
  const [kind, rest] = [slot.split(":")[0]!, slot.slice(slot.indexOf(":") + 1)];
  switch (kind) {
    case "tech":
    case "choice":
    case "role":
      return rest.replaceAll("-", " ");
    case "version":
      return `${rest} version`;
    case "count":
      return rest === "person" ? "number of people" : `number of ${rest}s`;
    case "qty":
      return rest === "cpu" ? "CPU" : rest;
    case "num":
      return "number";
    case "key":
      return rest;
    case "when":
      return "day and time";
    case "url":
      return "URL";
    default:
      return slot;
  }
}

export function shown(values: readonly Value[]): string {
  return values.map((v) => v.text).join(", ");
}
