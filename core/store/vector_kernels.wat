(module
  (import "env" "memory" (memory 1))
  ;; hamming(bits, stride, query, slots, n, out, histogram)
  ;; For i < n: slot = slots[i]; out[i] (u16) = popcount(bits[slot] xor query) over `stride`
  ;; bytes (a multiple of 16, at most 31 × 16); histogram[d] (u32) += 1.
  (func (export "hamming")
    (param $bits i32) (param $stride i32) (param $query i32) (param $slots i32)
    (param $n i32) (param $out i32) (param $histogram i32)
    (local $i i32) (local $p i32) (local $j i32) (local $acc v128) (local $d i32) (local $h i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $p (i32.add (local.get $bits)
          (i32.mul (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2))))
                   (local.get $stride))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $words
          (local.set $acc (i8x16.add (local.get $acc)
            (i8x16.popcnt (v128.xor
              (v128.load (i32.add (local.get $p) (local.get $j)))
              (v128.load (i32.add (local.get $query) (local.get $j)))))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $words (i32.lt_u (local.get $j) (local.get $stride))))
        (local.set $acc (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $acc))))
        (local.set $d (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
          (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1))) (local.get $d))
        (local.set $h (i32.add (local.get $histogram) (i32.shl (local.get $d) (i32.const 2))))
        (i32.store (local.get $h) (i32.add (i32.load (local.get $h)) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))
  ;; dots(q8, stride, query, slots, n, out)
  ;; For i < n: slot = slots[i]; out[i] (i32) = sum of q8[slot][k] (i8) × query[k] (i16) over
  ;; `stride` components (a multiple of 16).
  (func (export "dots")
    (param $q8 i32) (param $stride i32) (param $query i32) (param $slots i32)
    (param $n i32) (param $out i32)
    (local $i i32) (local $p i32) (local $j i32) (local $acc v128) (local $v v128) (local $q i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $p (i32.add (local.get $q8)
          (i32.mul (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2))))
                   (local.get $stride))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (local.set $q (local.get $query))
        (loop $chunk
          (local.set $v (v128.load (i32.add (local.get $p) (local.get $j))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $q)))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v))
              (v128.load offset=16 (local.get $q)))))
          (local.set $q (i32.add (local.get $q) (i32.const 32)))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $chunk (i32.lt_u (local.get $j) (local.get $stride))))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))))
