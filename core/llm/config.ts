/**
 * The LLM extractor a resolved configuration asks for: an OpenAI-compatible chat endpoint
 * (`HELIX_LLM_BASE_URL` and `HELIX_LLM_MODEL`), or none.
 *
 * @module
 */
import type { HelixConfig } from "../config/config.ts";
import type { LlmOptions } from "./options.ts";

/**
 * The options `openEngine({ llm })` takes, or null when no endpoint and model are configured
 * (deterministic extraction only, $0). A budget of 0 keeps the endpoint configured but never
 * calls it.
 *
 * @example Usage
 * ```ts
 * import { llmFromConfig } from "./config.ts";
 * import { resolveConfig } from "../config/config.ts";
 * import { equal } from "node:assert/strict";
 *
 * const env = { HOME: "/home/ada", HELIX_LLM_BASE_URL: "http://localhost:11434/v1", HELIX_LLM_MODEL: "llama3.2" };
 * const { config } = resolveConfig({ env, platform: "linux" });
 * equal(llmFromConfig(config)?.model, "llama3.2");
 * equal(llmFromConfig(resolveConfig({ env: { HOME: "/home/ada" }, platform: "linux" }).config), null);
 * ```
 */
export function llmFromConfig(
  config: Pick<HelixConfig, "llmBaseUrl" | "llmModel" | "llmApiKey" | "monthlyTokenBudget">,
): LlmOptions | null {
  if (!config.llmBaseUrl || !config.llmModel) return null;
  return {
    baseUrl: config.llmBaseUrl,
    model: config.llmModel,
    monthlyTokenBudget: config.monthlyTokenBudget,
    ...(config.llmApiKey ? { apiKey: config.llmApiKey } : {}),
  };
}
