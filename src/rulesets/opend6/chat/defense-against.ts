/**
 * The defense an attack on a character is judged against, in the dialog's odds, on the card and in
 * the GM's apply alike: its active defense or passive defense, with the acrobatics bonus at Short
 * range or more and less the full-auto penalty when it fired full auto this round.
 */
import { defenseValue, defenseWith, type RangeBand } from "../rules";
import type { OpenD6ActorDoc } from "./codes";
import { declaredDefense, type DeclaredDefense } from "./defense";
import { firedFullAuto } from "./full-auto";

/**
 * What an attack from `range` is judged against (as it stood at `before`, when given); with no range,
 * without the acrobatics bonus (the dialog adds it as its range changes).
 */
export function defenseAgainst(
  defender: OpenD6ActorDoc,
  range: RangeBand | null,
  before?: number,
): { value: number; active: DeclaredDefense | null } {
  const active = declaredDefense(defender as never, before);
  const value = defenseWith(defenseValue(defender.system.derived.passiveDefense, active), range ?? "pointBlank", {
    acrobatics: range === null ? 0 : (defender.system.derived.acrobaticsDefense ?? 0),
    fullAuto: firedFullAuto(defender as never, before),
  });
  return { value, active };
}
