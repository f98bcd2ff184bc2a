import type { HodDefense } from "./attack";
import { specialAction } from "./special-actions";
import type { SpeedClass } from "./speed";

/** The stances the text names; "" (no entry) is a basic stance. */
export const STANCE_IDS = ["cautious", "crouch", "parrying", "poised", "prone", "spellcasting"] as const;
export type StanceId = (typeof STANCE_IDS)[number];

export interface Stance {
  readonly id: StanceId;
  /** Shifting into it is an action of this speed class. */
  readonly shift: SpeedClass;
  /** Getting back up, where the text gives its own speed (a crouch Rapid, prone Swift); else reverting is free. */
  readonly standUp?: SpeedClass;
}

export const STANCES: Readonly<Record<StanceId, Stance>> = Object.freeze({
  cautious: { id: "cautious", shift: "swift" },
  crouch: { id: "crouch", shift: "rapid", standUp: "rapid" },
  parrying: { id: "parrying", shift: "fast" },
  poised: { id: "poised", shift: "swift" },
  prone: { id: "prone", shift: "rapid", standUp: "swift" },
  spellcasting: { id: "spellcasting", shift: "free" },
});

export function isStanceId(value: unknown): value is StanceId {
  return typeof value === "string" && Object.hasOwn(STANCES, value);
}

/** The speed class of leaving a stance for a basic one: free unless the stance names its own. */
export function revertSpeed(stance: string): SpeedClass {
  return isStanceId(stance) ? (STANCES[stance].standUp ?? "free") : "free";
}

/**
 * Whether a stance moves at half speed: Spellcasting ("cannot do anything else except move at half
 * speed while casting") and Parrying ("You move at half speed"), both drawbacks, so while shifting too.
 */
export function halvesMovement(stance: string): boolean {
  return stance === "spellcasting" || stance === "parrying";
}

/** An actor's stance as stored: the id ("" basic) and whether it is still shifting into it. */
export interface StanceState {
  readonly stance: string;
  /** While shifting, the stance's drawbacks apply and its benefits not yet. */
  readonly shifting?: boolean;
}

/**
 * The stance after the table's "Drop to the floor" (prone, still shifting into it while a Time Count
 * measures the drop), "Stand up from prone" (a basic stance, from prone only) or a Move or a special
 * action that moves its performer (`options.special`: a basic stance, from Poised only: moving ends it),
 * a stance shifted into (`options.stance`) or left by hand; null when the action
 * leaves the stance as it is (any other action, dropping when already prone, standing up from anything
 * but prone: a crouch's own stand-up is the Rapid revert).
 */
export function stanceAfterAction(
  action: string,
  state: StanceState,
  options: { readonly timeCount?: boolean; readonly special?: unknown; readonly stance?: unknown } = {},
): Required<StanceState> | null {
  // A stance shifted into by hand (its drawbacks at once, its benefits once the shift is done), or left.
  if (action === "stance") {
    const id = options.stance;
    if (!isStanceId(id) || id === state.stance) return null;
    return { stance: id, shifting: options.timeCount === true && STANCES[id].shift !== "free" };
  }
  if (action === "basicStance") return state.stance === "" ? null : { stance: "", shifting: false };
  if (action === "dropToFloor") {
    return state.stance === "prone" ? null : { stance: "prone", shifting: options.timeCount === true };
  }
  if (action === "standUp") return state.stance === "prone" ? { stance: "", shifting: false } : null;
  // Poised: "Once you begin moving, you revert to a basic stance automatically" (shifting into it too).
  // A special action that carries its performer along (Approach, Bull Rush, Drag, Shunt, Tackle) begins moving too.
  const moving = action === "move" || (action === "special" && specialAction(String(options.special))?.moves === true);
  if (moving) return state.stance === "poised" ? { stance: "", shifting: false } : null;
  return null;
}

export interface AttackContext {
  readonly melee: boolean;
  /** The weapon's category, for the stances that forbid some ranged weapons. */
  readonly category?: string;
  /** A longbow (`isLongbow`), which a crouch forbids. */
  readonly longbow?: boolean;
}

/**
 * Whether a weapon is a longbow, which "cannot [be used]" from a crouch: a bow whose name says so
 * (Longbow, Composite Longbow, "long bow"). The weapon has no stored mark of its length.
 */
export function isLongbow(weapon: { readonly category?: string; readonly name?: string }): boolean {
  return weapon.category === "bows" && /long[\s-]*bow/i.test(weapon.name ?? "");
}

/** What a stance does to its holder's attack: a modifier, or a refusal with its i18n key. */
export interface StanceAttack {
  readonly modifier: number;
  readonly refused: string | null;
}

/**
 * The attacker's stance: Cautious −2 to every attack; Crouch −2 melee and no longbow; Prone −4 with a melee weapon
 * and no ranged weapon but a crossbow (spells are not weapons: prone limits none); Parrying and
 * Spellcasting allow no attack. All of these are drawbacks, so they apply while shifting too.
 */
export function stanceAttack(state: StanceState, context: AttackContext): StanceAttack {
  switch (state.stance) {
    case "cautious":
      return { modifier: -2, refused: null };
    case "crouch":
      if (context.longbow && !context.melee) return { modifier: 0, refused: "ANTHOLOGY.HoD.Stance.refused.crouch" };
      return { modifier: context.melee ? -2 : 0, refused: null };
    case "prone":
      // The text's limits are on weapons: a spell, ranged or touch, is cast as well prone.
      if (context.category === "spell") return { modifier: 0, refused: null };
      if (!context.melee && context.category !== "crossbows") {
        return { modifier: 0, refused: "ANTHOLOGY.HoD.Stance.refused.prone" };
      }
      return { modifier: context.melee ? -4 : 0, refused: null };
    case "parrying":
      return { modifier: 0, refused: "ANTHOLOGY.HoD.Stance.refused.parrying" };
    case "spellcasting":
      return { modifier: 0, refused: "ANTHOLOGY.HoD.Stance.refused.spellcasting" };
    default:
      return { modifier: 0, refused: null };
  }
}

/**
 * The attacker's stance as a line of the attack's modifiers (a drawback, so it counts while shifting
 * too), or the i18n key of why it cannot attack. Casting a spell is what the Spellcasting stance is
 * for, so that stance does not stop a spell.
 */
export function stanceAttackLine(
  state: StanceState,
  weapon: { readonly range: number; readonly category: string; readonly longbow?: boolean },
): { readonly line: { readonly id: "stance"; readonly value: number } | null; readonly refused: string | null } {
  if (state.stance === "spellcasting" && weapon.category === "spell") return { line: null, refused: null };
  const effect = stanceAttack(state, {
    melee: weapon.range === 0,
    category: weapon.category,
    longbow: weapon.longbow === true,
  });
  return { line: effect.modifier ? { id: "stance", value: effect.modifier } : null, refused: effect.refused };
}

export interface DefenseContext {
  /** The defense the attack targets. */
  readonly defense: HodDefense;
  readonly melee: boolean;
  /** The defender's best weapon attack bonus (Parrying adds half of it). */
  readonly attackBonus?: number;
  /** The defender's shield bonus (Parrying doubles it). */
  readonly shield?: number;
}

/** What a stance does to the defense an attack meets: perhaps another defense, and a modifier. */
export interface StanceDefense {
  readonly defense: HodDefense;
  readonly modifier: number;
}

const ARMORED: readonly HodDefense[] = ["primary", "passive"];

/**
 * The defender's stance against an attack. Benefits need the shift finished; drawbacks apply at once.
 * - Cautious: +2 Primary.
 * - Crouch: +2 against ranged, −2 against melee. Prone: +4 against ranged, −4 against melee.
 *   (Both change Primary and Passive, the defenses armor and position make.)
 * - Parrying: Primary + half the best attack bonus + the shield bonus once more (counted twice), and
 *   at least 2 in all.
 * - Poised (immobile until it runs) and Spellcasting: Primary becomes Passive.
 */
export function stanceDefense(state: StanceState, context: DefenseContext): StanceDefense {
  const benefits = !state.shifting;
  const { defense, melee } = context;
  switch (state.stance) {
    case "cautious":
      return { defense, modifier: benefits && defense === "primary" ? 2 : 0 };
    case "crouch":
    case "prone": {
      if (!ARMORED.includes(defense)) return { defense, modifier: 0 };
      const size = state.stance === "crouch" ? 2 : 4;
      if (melee) return { defense, modifier: -size };
      return { defense, modifier: benefits ? size : 0 };
    }
    case "parrying": {
      if (!benefits || defense !== "primary") return { defense, modifier: 0 };
      // Half the attack bonus and the shield once more, and at least 2 in all (2 and a shield of 2: 3).
      const half = Math.floor(Math.max(0, context.attackBonus ?? 0) / 2);
      return { defense, modifier: Math.max(2, half + Math.max(0, context.shield ?? 0)) };
    }
    case "poised":
    case "spellcasting":
      return { defense: defense === "primary" ? "passive" : defense, modifier: 0 };
    default:
      return { defense, modifier: 0 };
  }
}
