/**
 * transformers.js keeps its configuration in a module-global `env` object. Loads from every
 * embedder in this process are serialized here; each sets the `env` fields it needs right
 * before creating its pipeline and restores the previous values afterwards.
 *
 * @module
 */
import { createDeadlineFetch } from "./deadline_fetch.ts";

/** The transformers.js module: the part of it Helix uses. */
export type Transformers = typeof import("./transformers_module.ts");
/** Its module-global configuration. */
export type TransformersEnv = Transformers["env"];

/** The `env` fields a load sets; saved before and restored after. */
const ENV_KEYS = [
  "allowRemoteModels",
  "allowLocalModels",
  "localModelPath",
  "useFS",
  "useBrowserCache",
  "useFSCache",
  "useCustomCache",
  "cacheDir",
  "remoteHost",
  "remotePathTemplate",
  "fetch",
] as const satisfies readonly (keyof TransformersEnv)[];

/** The `env` fields a load sets, as they were. */
export type EnvSnapshot = Pick<TransformersEnv, typeof ENV_KEYS[number]>;

/** The current values of the fields a load sets. */
export function snapshotEnv(env: TransformersEnv): EnvSnapshot {
  return Object.fromEntries(ENV_KEYS.map((key) => [key, env[key]])) as unknown as EnvSnapshot;
}

/** Puts back the values of a snapshot. */
export function restoreEnv(env: TransformersEnv, snapshot: EnvSnapshot): void {
  Object.assign(env, snapshot);
}

/** The transformers.js `env` defaults, captured at first import before any load touched them. */
let pristineEnv: EnvSnapshot | undefined;

/** Tail of the queue that serializes loads (they all mutate the global `env`). */
let envQueue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every load before it: loads all mutate the global `env`. */
export function withEnvLock<T>(task: () => Promise<T>): Promise<T> {
  const run = envQueue.then(task, task);
  envQueue = run.catch(() => undefined);
  return run;
}

/**
 * Where transformers.js is loaded from, as a computed URL: a literal `import()` would put the
 * package (with onnxruntime, about 480 MB) in the module graph of every entry point, and Deno
 * downloads what the graph names before running anything.
 */
const TRANSFORMERS_MODULE = new URL("./transformers_module.ts", import.meta.url).href;

/** Imports transformers.js (once), noting its `env` defaults before any load touched them. */
export async function importTransformers(): Promise<Transformers> {
  const transformers: Transformers = await import(TRANSFORMERS_MODULE);
  pristineEnv ??= snapshotEnv(transformers.env);
  return transformers;
}

/** The transformers.js `env` defaults: as first imported, else as they are now. */
export function envDefaults(env: TransformersEnv): EnvSnapshot {
  return pristineEnv ?? snapshotEnv(env);
}

/** Where a load takes model files from and how long it waits for the network. */
export interface LoadSettings {
  readonly allowRemote: boolean;
  readonly localModelPath: string | undefined;
  readonly cacheDir: string | undefined;
  readonly remoteHost: string | undefined;
  readonly loadTimeoutMs: number;
}

/**
 * Sets the `env` fields of a load (inside {@linkcode withEnvLock}, the caller restores them):
 * local files first, the file cache rather than the browser Cache API Deno exposes, and a fetch
 * with the load's network deadline.
 */
export function configureEnv(env: TransformersEnv, settings: LoadSettings): void {
  const defaults = envDefaults(env);
  env.allowRemoteModels = settings.allowRemote;
  env.allowLocalModels = true;
  env.useFS = true;
  env.localModelPath = settings.localModelPath ?? defaults.localModelPath;
  // Deno exposes the browser Cache API, which transformers.js would prefer; use files.
  env.useBrowserCache = false;
  env.useCustomCache = false;
  env.useFSCache = true;
  env.cacheDir = settings.cacheDir ?? defaults.cacheDir;
  env.remoteHost = settings.remoteHost ?? defaults.remoteHost;
  env.remotePathTemplate = defaults.remotePathTemplate;
  const baseFetch = defaults.fetch ?? globalThis.fetch;
  env.fetch = createDeadlineFetch(
    (input, init) => baseFetch(input instanceof Request ? input.url : input, init),
    settings.loadTimeoutMs,
  );
}
