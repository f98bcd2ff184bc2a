/**
 * Sums of the highest dice of a pool of plain dice that may be absent: each die is absent with
 * chance `absent`, else shows 1..`faces`, equally likely. Entry r is the distribution, indexed by
 * sum, of the r highest of r + `spare` dice, counting only pools where at least r dice are present
 * (so with dice absent it weighs less than 1), for r = 0..maxKept.
 *
 * Peels off the top face: of m dice, c show the top face. When c >= r the kept dice all show it;
 * otherwise those c are kept and the r - c highest of the other m - c, which lie below it, are
 * added. That smaller pool has the same spare, so one table per top face, built from the one
 * below, covers every r. Below face 1 only absent dice are left, which fill no place.
 *
 * `present` (1 - absent) may be given exactly: when absence is nearly certain, 1 - absent computed
 * here would keep few digits. Every step multiplies and adds non-negative numbers, so an entry
 * carries at most faces · (3·(maxKept + spare) + 6) roundings.
 */
export function highestOfPlain(
  faces: number,
  spare: number,
  maxKept: number,
  absent = 0,
  present = 1 - absent,
): Float64Array[] {
  const each = present / faces;
  let table: Float64Array[] = [];
  let next: Float64Array[] = [];
  for (let r = 0; r <= maxKept; r += 1) {
    table.push(new Float64Array(r * faces + 1));
    next.push(new Float64Array(r * faces + 1));
  }
  // The layer to build on: with nothing absent, every die shows 1; otherwise below face 1 there
  // are only absent dice, and they fill no place.
  table[0]![0] = 1;
  next[0]![0] = 1;
  if (absent === 0) for (let r = 1; r <= maxKept; r += 1) table[r]![r] = 1;
  const first = absent === 0 ? 2 : 1;
  for (let top = first; top <= faces; top += 1) {
    // Chance of the top face among the faces left (top and below, or absent).
    const q = each / (absent + top * each);
    const ratio = q / (1 - q);
    for (let r = 1; r <= maxKept; r += 1) {
      const m = r + spare;
      const dist = next[r]!;
      // Chance that exactly c of the m dice show the top face, term by term. None: the r highest
      // come from below (sums r..r·(top-1)), which also clears what this array held before.
      let chance = (1 - q) ** m;
      const from = table[r]!;
      const low = r * (top - 1);
      for (let s = 0; s <= low; s += 1) dist[s] = chance * from[s]!;
      for (let s = low + 1; s <= r * top; s += 1) dist[s] = 0;
      chance = chance * m * ratio;
      for (let c = 1; c < r; c += 1) {
        const below = table[r - c]!;
        const end = (r - c) * (top - 1);
        for (let s = r - c, t = s + c * top; s <= end; s += 1, t += 1) dist[t] = dist[t]! + chance * below[s]!;
        chance = ((chance * (m - c)) / (c + 1)) * ratio;
      }
      // r or more show the top face: summed term by term, as it may be tiny.
      let allTop = 0;
      for (let c = r; c <= m; c += 1) {
        allTop += chance;
        chance = ((chance * (m - c)) / (c + 1)) * ratio;
      }
      dist[r * top] = dist[r * top]! + allTop;
    }
    const built = next;
    next = table;
    table = built;
  }
  return table;
}
