/**
 * The vector index's two inner loops in WebAssembly SIMD (`vector_kernels.wat`, 455 bytes):
 * Hamming distances of sign bits (`i8x16.popcnt`) and int8 × int16 dot products
 * (`i32x4.dot_i16x8_s`), over slots listed in the module's linear memory. Scalar JavaScript
 * did 10^6 Hamming distances in ~20 ms and 20,000 int8 dot products in ~16 ms; these do them in
 * a fraction of that (bench/RESULTS-scale.md).
 *
 * The bytes below are `vector_kernels.wat` assembled by `deno run -A scripts/wasm_kernels.ts`
 * (wabt); `vector_kernels_test.ts` checks the kernels against plain JavaScript.
 *
 * @module
 */

const WASM =
  "AGFzbQEAAAABFAJgB39/f39/f38AYAZ/f39/f38AAg8BA2VudgZtZW1vcnkCAAEDAwIAAQcSAgdoYW1taW5nAAAEZG90cwABCvwCArsBAwN/AXsCfwJAA0AgByAETw0BIAAgAyAHQQJ0aigCACABbGohCP0MAAAAAAAAAAAAAAAAAAAAACEKQQAhCQNAIAogCCAJav0ABAAgAiAJav0ABAD9Uf1i/W4hCiAJQRBqIQkgCSABSQ0ACyAK/X39fyEKIAr9GwAgCv0bAWogCv0bAiAK/RsDamohCyAFIAdBAXRqIAs7AQAgBiALQQJ0aiEMIAwgDCgCAEEBajYCACAHQQFqIQcMAAsLC7wBAwN/AnsBfwJAA0AgBiAETw0BIAAgAyAGQQJ0aigCACABbGohB/0MAAAAAAAAAAAAAAAAAAAAACEJQQAhCCACIQsDQCAHIAhq/QAEACEKIAkgCv2HASAL/QAEAP26Af2uASEJIAkgCv2IASAL/QAEEP26Af2uASEJIAtBIGohCyAIQRBqIQggCCABSQ0ACyAFIAZBAnRqIAn9GwAgCf0bAWogCf0bAiAJ/RsDamo2AgAgBkEBaiEGDAALCws=";

/** The kernels, bound to one linear memory (offsets below are byte offsets into it). */
export interface Kernels {
  /** The memory the kernels read and write. */
  readonly memory: WebAssembly.Memory;
  /**
   * For i < n: with slot = the i32 at `slots` + 4i, the u16 at `out` + 2i becomes the number of
   * bits that differ between the `stride` bytes at `bits` + slot × stride and those at
   * `query` (`stride` a multiple of 16, at most 496), and the u32 at `histogram` + 4 × that
   * count is incremented.
   */
  hamming(
    bits: number,
    stride: number,
    query: number,
    slots: number,
    n: number,
    out: number,
    histogram: number,
  ): void;
  /**
   * For i < n: with slot = the i32 at `slots` + 4i, the i32 at `out` + 4i becomes the dot
   * product of the `stride` int8 components at `q8` + slot × stride with the int16 ones at
   * `query` (`stride` a multiple of 16; the caller keeps the sum within 32 bits).
   */
  dots(q8: number, stride: number, query: number, slots: number, n: number, out: number): void;
}

let compiled: WebAssembly.Module | undefined;

/** The kernels over a new linear memory of at least `bytes` bytes. */
export function createKernels(bytes: number): Kernels {
  compiled ??= new WebAssembly.Module(Uint8Array.from(atob(WASM), (c) => c.charCodeAt(0)));
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / 65_536)) });
  const exports = new WebAssembly.Instance(compiled, { env: { memory } })
    .exports as unknown as Omit<
      Kernels,
      "memory"
    >;
  return { memory, hamming: exports.hamming, dots: exports.dots };
}
