/**
 * Combinations of filter values in which every pair of values of any two filters comes together at least once
 * (all-pairs testing). A filter that goes wrong alone or beside one other shows in one of them, as in the full product,
 * for a fraction of the calls: 2 ranges × 5 couriers × 3 × 3 flags × 5 tag filters is 450 combinations in full and 26
 * here. Built greedily and deterministically: each row starts from the first pair not yet held and takes, for every other
 * filter, the value that brings in the most pairs not yet held.
 */
export function allPairs<const D extends readonly (readonly unknown[])[]>(dimensions: D): { -readonly [K in keyof D]: D[K][number] }[] {
  const n = dimensions.length;
  const key = (i: number, a: number, j: number, b: number) => (i < j ? `${i}:${a}/${j}:${b}` : `${j}:${b}/${i}:${a}`);
  const missing = new Set<string>();
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let a = 0; a < dimensions[i].length; a++) for (let b = 0; b < dimensions[j].length; b++) missing.add(key(i, a, j, b));
  const rows: number[][] = [];
  while (missing.size > 0) {
    const [first] = missing;
    const [[i, a], [j, b]] = first.split("/").map((p) => p.split(":").map(Number));
    const row = Array<number>(n).fill(-1);
    row[i] = a;
    row[j] = b;
    for (let d = 0; d < n; d++) {
      if (row[d] !== -1) continue;
      let best = 0;
      let bestGain = -1;
      for (let v = 0; v < dimensions[d].length; v++) {
        const gain = row.filter((w, e) => w !== -1 && missing.has(key(d, v, e, w))).length;
        if (gain > bestGain) [best, bestGain] = [v, gain];
      }
      row[d] = best;
    }
    for (let d = 0; d < n; d++) for (let e = d + 1; e < n; e++) missing.delete(key(d, row[d], e, row[e]));
    rows.push(row);
  }
  return rows.map((row) => row.map((v, d) => dimensions[d][v])) as { -readonly [K in keyof D]: D[K][number] }[];
}
