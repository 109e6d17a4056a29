/**
 * The embedder a resolved configuration asks for: the local transformers.js model, an
 * OpenAI-compatible endpoint, or none.
 *
 * @module
 */
import type { HelixConfig } from "../config/config.ts";
import type { Embedder } from "../ports.ts";
import { createOpenAIEmbedder } from "./openai.ts";
import { createTransformersEmbedder } from "./transformers.ts";

/**
 * Builds the configured embedder (nothing is loaded until first use), or null for `none`.
 *
 * @example Usage
 * ```ts
 * import { embedderFromConfig } from "./from_config.ts";
 * import { resolveConfig } from "../config/config.ts";
 * import { equal } from "node:assert/strict";
 *
 * const { config } = resolveConfig({ env: { HOME: "/home/ada" }, platform: "linux" });
 * const embedder = embedderFromConfig(config);
 * equal(embedder?.model, "Xenova/bge-small-en-v1.5");
 * equal(embedder?.status().state, "unloaded");
 * ```
 */
export function embedderFromConfig(config: HelixConfig): Embedder | null {
  switch (config.embedder) {
    case "none":
      return null;
    case "openai":
      return createOpenAIEmbedder({
        baseUrl: config.openaiBaseUrl ?? "https://api.openai.com/v1",
        model: config.model,
        dimension: config.modelDimension,
        ...(config.openaiApiKey ? { apiKey: config.openaiApiKey } : {}),
      });
    case "transformers":
      return createTransformersEmbedder({
        model: config.model,
        dimension: config.modelDimension,
        dtype: config.modelDtype,
        cacheDir: config.modelCache,
        ...(config.modelPath ? { localModelPath: config.modelPath } : {}),
        allowRemote: config.allowDownload,
      });
  }
}
