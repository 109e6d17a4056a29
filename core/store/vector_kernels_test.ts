import { deepEqual, equal } from "node:assert/strict";
import { createKernels } from "./vector_kernels.ts";
import { seededRandom } from "../../tests/fixtures/random.ts";

Deno.test("createKernels() hamming and dots agree with plain JavaScript", () => {
  const random = seededRandom(7);
  const bitStride = 32; // two v128 per slot; slots 0–39
  const q8Stride = 48;
  const kernels = createKernels(1 << 16);
  const bytes = new Uint8Array(kernels.memory.buffer);
  for (let i = 0; i < 8_000; i++) bytes[i] = Math.floor(random() * 256);
  const [q8At, bitsAt, queryBitsAt, queryAt, listAt, distanceAt, histogramAt, dotsAt] = [
    0,
    2_000,
    4_000,
    4_100,
    5_000,
    6_000,
    7_000,
    9_000,
  ];
  const list = [3, 0, 39, 17, 17, 8];
  new Int32Array(kernels.memory.buffer, listAt, list.length).set(list);
  new Uint32Array(kernels.memory.buffer, histogramAt, bitStride * 8 + 1).fill(0);
  const query = new Int16Array(kernels.memory.buffer, queryAt, q8Stride);
  for (let i = 0; i < q8Stride; i++) query[i] = Math.round(random() * 60_000 - 30_000);

  kernels.hamming(bitsAt, bitStride, queryBitsAt, listAt, list.length, distanceAt, histogramAt);
  kernels.dots(q8At, q8Stride, queryAt, listAt, list.length, dotsAt);

  const popcount = (x: number) => x.toString(2).replaceAll("0", "").length;
  const hamming = list.map((slot) => {
    let d = 0;
    for (let i = 0; i < bitStride; i++) {
      d += popcount(bytes[bitsAt + slot * bitStride + i]! ^ bytes[queryBitsAt + i]!);
    }
    return d;
  });
  deepEqual([...new Uint16Array(kernels.memory.buffer, distanceAt, list.length)], hamming);
  const histogram = new Uint32Array(kernels.memory.buffer, histogramAt, bitStride * 8 + 1);
  for (const d of new Set(hamming)) equal(histogram[d], hamming.filter((x) => x === d).length);
  const q8 = new Int8Array(kernels.memory.buffer);
  const dots = list.map((slot) => {
    let sum = 0;
    for (let i = 0; i < q8Stride; i++) sum += q8[q8At + slot * q8Stride + i]! * query[i]!;
    return sum;
  });
  deepEqual([...new Int32Array(kernels.memory.buffer, dotsAt, list.length)], dots);
});
