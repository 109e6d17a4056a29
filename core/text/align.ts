/**
 * Aligning two token lists by a longest common subsequence, after their common prefix and
 * suffix, within a bounded table: the first step of a three-way text merge.
 *
 * @module
 */

/**
 * Largest alignment table (base tokens × side tokens, after their common prefix and suffix)
 * worked out at one granularity before the merge falls back to a coarser one: 4M cells keeps a
 * table at 8 MB and well under a second.
 */
export const MAX_CELLS = 4_000_000;

/**
 * For each base token, the index of the side token it lines up with in a longest common
 * subsequence, or -1 when the side dropped or replaced it. Undefined when the stretch between
 * the common prefix and suffix needs a table over {@linkcode MAX_CELLS}.
 */
export function align(base: readonly string[], side: readonly string[]): Int32Array | undefined {
  const matched = new Int32Array(base.length).fill(-1);
  let start = 0;
  while (start < base.length && start < side.length && base[start] === side[start]) {
    matched[start] = start;
    start++;
  }
  let baseEnd = base.length;
  let sideEnd = side.length;
  while (baseEnd > start && sideEnd > start && base[baseEnd - 1] === side[sideEnd - 1]) {
    matched[--baseEnd] = --sideEnd;
  }
  const rows = baseEnd - start;
  const cols = sideEnd - start;
  if (rows * cols > MAX_CELLS) return undefined;
  // lcs[i * width + j]: length of the longest common subsequence of base[start + i, baseEnd)
  // and side[start + j, sideEnd). It never exceeds min(rows, cols) <= 2000, so 16 bits hold it.
  const width = cols + 1;
  const lcs = new Uint16Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      lcs[i * width + j] = base[start + i] === side[start + j]
        ? lcs[(i + 1) * width + j + 1]! + 1
        : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (base[start + i] === side[start + j]) {
      matched[start + i] = start + j;
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      i++;
    } else {
      j++;
    }
  }
  return matched;
}
