/**
 * Assembles `core/store/vector_kernels.wat` with wabt and writes the bytes (base64) into the
 * `WASM` constant of `core/store/vector_kernels.ts`. Run after editing the .wat file:
 *
 *   deno run -A --lock=deno.lock scripts/wasm_kernels.ts
 *
 * @module
 */
import wabtInit from "npm:wabt@1.0.37";

const here = new URL("../core/store/", import.meta.url);
const wat = await Deno.readTextFile(new URL("vector_kernels.wat", here));
const wabt = await wabtInit();
const module = wabt.parseWat("vector_kernels.wat", wat, { simd: true });
module.validate();
const { buffer } = module.toBinary({});
const base64 = btoa(Array.from(buffer as Uint8Array, (b) => String.fromCharCode(b)).join(""));
const target = new URL("vector_kernels.ts", here);
const source = await Deno.readTextFile(target);
const updated = source.replace(/const WASM =\n {2}"[^"]*";/, `const WASM =\n  "${base64}";`)
  .replace(/`vector_kernels\.wat`, \d+ bytes/, `\`vector_kernels.wat\`, ${buffer.length} bytes`);
await Deno.writeTextFile(target, updated);
Deno.stdout.writeSync(
  new TextEncoder().encode(`vector_kernels.ts: ${buffer.length} bytes of WebAssembly\n`),
);
