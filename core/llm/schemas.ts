/**
 * The JSON Schemas of the model's answers, written for OpenAI's strict structured output:
 * every property required, nullable where optional, no extra properties.
 *
 * @module
 */
import { EXTRACTED_TYPES } from "../model/types.ts";

const string = { type: "string" } as const;
const nullableString = { type: ["string", "null"] } as const;
const stringList = { type: "array", items: string } as const;
const nullableStringList = { type: ["array", "null"], items: string } as const;

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** JSON Schema of the extraction answer. */
export const EXTRACTION_SCHEMA: Readonly<Record<string, unknown>> = object({
  results: {
    type: "array",
    items: object({
      index: { type: "integer" },
      memories: {
        type: "array",
        items: object({
          type: { type: "string", enum: [...EXTRACTED_TYPES] },
          content: string,
          entities: stringList,
          relations: {
            type: "array",
            items: object({ from: string, relation: string, to: string }),
          },
          confidence: { type: "number" },
          importance: { type: ["integer", "null"] },
          eventAt: nullableString,
          eventEnd: nullableString,
          eventPhrase: nullableString,
          steps: nullableStringList,
          triggers: nullableStringList,
          link: {
            anyOf: [
              object({
                id: string,
                relation: { type: "string", enum: ["extends", "updates", "derives"] },
              }),
              { type: "null" },
            ],
          },
        }),
      },
    }),
  },
});

/** JSON Schema of the importance answer. */
export const RATING_SCHEMA: Readonly<Record<string, unknown>> = object({
  ratings: {
    type: "array",
    items: object({ index: { type: "integer" }, importance: { type: "integer" } }),
  },
});

/** JSON Schema of a synthesis answer. */
export const SYNTHESIS_SCHEMA: Readonly<Record<string, unknown>> = object({
  statements: {
    type: "array",
    items: object({
      text: { type: "string" },
      cites: { type: "array", items: { type: "integer" } },
    }),
  },
});

/** JSON Schema of the adjudication answer. */
export const ADJUDICATION_SCHEMA: Readonly<Record<string, unknown>> = object({
  action: { type: "string", enum: ["noop", "update", "supersede", "add"] },
  target: nullableString,
  reason: string,
});
