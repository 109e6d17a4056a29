/**
 * A thing that gets something after an event to come ("The edge cluster gets Gateway API after
 * the freeze", "billing gets its own database once the split lands") says what it will have,
 * not what it has: an outlook, which no current fact contradicts.
 *
 * @module
 */

/** "gets/get/is getting … after/once/when/as soon as the/this/next/our …". */
const OUTLOOK =
  /\b(?:gets?|is getting|are getting|receives?)\b[^.;]*\b(?:after|once|as soon as|when)\s+(?:the|this|next|our|its|their|we|it)\b/i;

/**
 * Whether `text` tells what a thing will get after an event.
 *
 * @example Usage
 * ```ts
 * import { outlook } from "./outlook.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(outlook("The edge cluster gets Gateway API after the freeze."), true);
 * equal(outlook("The edge cluster runs ingress-nginx."), false);
 * ```
 */
export function outlook(text: string): boolean {
  return OUTLOOK.test(text);
}
