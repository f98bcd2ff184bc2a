import type { TermResult } from "./terms/foundry-base";

/** One group of dice Dice So Nice throws, each face its own die (an exploding chain shows every throw). */
export interface ThrowGroup {
  readonly faces: number[];
  readonly kind: "ordinary" | "wild" | "characterPoint";
}

/**
 * How a die code's results are thrown on screen: the ordinary dice, then the Wild Die (in its own
 * colour) with each explosion as another throw, then Character Point dice.
 */
export function throwGroups(results: readonly TermResult[]): ThrowGroup[] {
  const groups: ThrowGroup[] = [
    {
      kind: "ordinary",
      faces: results.filter((r) => !r.wild && !r.characterPoint).flatMap((r) => r.faces ?? [r.result]),
    },
    { kind: "wild", faces: results.filter((r) => r.wild).flatMap((r) => r.faces ?? [r.result]) },
    { kind: "characterPoint", faces: results.filter((r) => r.characterPoint).flatMap((r) => r.faces ?? [r.result]) },
  ];
  return groups.filter((g) => g.faces.length > 0);
}

/** A keep pool thrown as d10s: every face of every chain is a throw of its own. */
export function keepThrows(results: readonly TermResult[]): ThrowGroup[] {
  const faces = results.flatMap((r) => r.faces ?? [r.result]);
  return faces.length > 0 ? [{ kind: "ordinary", faces }] : [];
}

export const WILD_COLORSET = "anthology-wild";
