import { judgeAttack, type HodAttackInput } from "./attack";

/** Exact chances of an attack roll against a defense. */
export interface HodAttackOdds {
  readonly hit: number;
  readonly critical: number;
  readonly fumble: number;
}

/** Every total of 3d6 with its number of ways (216 in all). */
const THREE_D6: ReadonlyArray<readonly [number, number]> = (() => {
  const ways = new Map<number, number>();
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ways.set(a + b + c, (ways.get(a + b + c) ?? 0) + 1);
  return [...ways.entries()];
})();

const D20: ReadonlyArray<readonly [number, number]> = Array.from({ length: 20 }, (_, i) => [i + 1, 1] as const);

/** Every natural the die of an attack can show, with its number of ways: the d20's 20 faces, or 3d6's totals. */
export function attackFaces(die: HodAttackInput["die"]): ReadonlyArray<readonly [number, number]> {
  return die === "3d6" ? THREE_D6 : D20;
}

/**
 * The exact chance to hit, crit and fumble with `bonus` against `defense`, counting every face of the
 * d20 (or every 3d6 total) through the same judgement the cards use: natural 1s and 20s included.
 */
export function attackOdds(
  bonus: number,
  defense: number,
  options: Pick<HodAttackInput, "precise" | "spell" | "die"> = {},
): HodAttackOdds {
  const faces = attackFaces(options.die);
  const all = faces.reduce((sum, [, ways]) => sum + ways, 0);
  let hit = 0;
  let critical = 0;
  let fumble = 0;
  for (const [natural, ways] of faces) {
    const result = judgeAttack({ natural, total: natural + bonus, defense, ...options });
    if (result.hit) hit += ways;
    if (result.critical) critical += ways;
    if (result.fumble) fumble += ways;
  }
  return { hit: hit / all, critical: critical / all, fumble: fumble / all };
}
