/**
 * The one place that names the transformers.js package. Nothing imports this module
 * statically: {@linkcode importTransformers} loads it by a computed URL when a model is first
 * needed, so Deno neither downloads `@huggingface/transformers` and onnxruntime (about 480 MB)
 * on a server's first run nor records them in the module graph of `server/main.ts`. A compiled
 * binary includes it explicitly (`scripts/compile.ts`).
 *
 * @module
 */
export { env, pipeline } from "npm:@huggingface/transformers@4.3.1";
