import { deepEqual, equal, throws } from "node:assert/strict";
import { resolveConfig } from "./config.ts";

const env = { HOME: "/home/ada" };

Deno.test("resolveConfig() applies flags → env → file → defaults and reports each source", () => {
  const { config, sources, strandFile } = resolveConfig({
    flags: { logLevel: "warn" },
    env: { ...env, HELIX_LOG_LEVEL: "debug", HELIX_STRAND: "work", HELIX_MCP_TOKEN: "t0k" },
    file: { log_level: "error", strand: "personal", mcp_port: 9100, model_dtype: "fp32" },
    platform: "linux",
  });
  equal(config.logLevel, "warn");
  equal(sources.logLevel, "flag");
  equal(config.strand, "work");
  equal(sources.strand, "env");
  equal(config.mcpPort, 9100);
  equal(sources.mcpPort, "file");
  equal(config.modelDtype, "fp32");
  equal(config.embedder, "transformers");
  equal(sources.embedder, "default");
  equal(config.mcpToken, "t0k");
  equal(config.modelCache, "/home/ada/.cache/helix/models");
  equal(strandFile, "/home/ada/.helix/strands/work.db");
});

Deno.test("resolveConfig() derives model defaults from the embedder", () => {
  const { config } = resolveConfig({
    env: { ...env, HELIX_EMBEDDER: "openai" },
    platform: "darwin",
  });
  deepEqual([config.model, config.modelDimension, config.openaiBaseUrl], [
    "text-embedding-3-small",
    1536,
    "https://api.openai.com/v1",
  ]);
  equal(config.modelCache, "/home/ada/Library/Caches/helix/models");
});

Deno.test("resolveConfig() refuses secrets in the file, unknown keys and malformed values, naming the source", () => {
  throws(
    () => resolveConfig({ env, file: { openai_api_key: "sk-x" }, platform: "linux" }),
    /secret/,
  );
  throws(
    () => resolveConfig({ env, file: { colour: "blue" }, platform: "linux" }),
    /unknown setting "colour"/,
  );
  throws(
    () => resolveConfig({ env: { ...env, HELIX_MCP_PORT: "eighty" }, platform: "linux" }),
    /HELIX_MCP_PORT/,
  );
  throws(
    () => resolveConfig({ env, file: { embedder: "magic" }, platform: "linux" }),
    /config.toml embedder/,
  );
  throws(
    () => resolveConfig({ env: { ...env, HELIX_STRAND: "../etc" }, platform: "linux" }),
    /HELIX_STRAND/,
  );
  throws(() => resolveConfig({ env: {}, platform: "linux" }), /HOME/);
});

Deno.test("resolveConfig() names a bad value as the user set it: the flag's spelling, the variable", () => {
  const bad = (inputs: Partial<Parameters<typeof resolveConfig>[0]>) => {
    try {
      resolveConfig({ platform: "linux", ...inputs, env: { HOME: "/home/u", ...inputs.env } });
    } catch (error) {
      return (error as Error).message;
    }
    return "";
  };
  equal(
    bad({ flags: { mcpPort: "99999" }, flagNames: { mcpPort: "port" } }),
    "Cannot resolve configuration: --port must be an integer 0–65535",
  );
  equal(
    bad({ env: { HELIX_MCP_PORT: "abc" } }),
    "Cannot resolve configuration: HELIX_MCP_PORT must be an integer 0–65535",
  );
});
