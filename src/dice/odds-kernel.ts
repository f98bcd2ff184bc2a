/**
 * The one hot loop of the odds engine: tgt[t + i] += src[s + i] · factor for i < length. Adding small
 * flat dice (and so the remove rule's sums), Character Point dice and the keep walk run through it, so
 * it is small and called from everywhere: V8 optimises it within the first few hundred calls of a
 * session, where a loop inside each larger function would run unoptimised until that function's own
 * (slower) compile is done. The first call of a session is what a live dialog waits for.
 */
export function addScaled(
  tgt: Float64Array,
  t: number,
  src: Float64Array,
  s: number,
  length: number,
  factor: number,
): void {
  for (let i = 0; i < length; i += 1) tgt[t + i] = tgt[t + i]! + src[s + i]! * factor;
}
