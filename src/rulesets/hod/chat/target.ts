import { SYSTEM_ID } from "../../../constants";
import { userTargets } from "../../../play/targets";
import type { HodDefense } from "../rules/attack";
import { linksAtCount, readStanceChanges, stanceAtCount, type CountAt } from "../rules/count-start";
import { isHelpless, metDefense, usualDefense, type HodTargetState, type MetDefense } from "../rules/defense";
import { distractedDefense } from "../rules/effects";
import { bestAttackBonus, isMeleeWeapon } from "../rules/weapons";
import { defaultUse, weaponInUse } from "../rules/weapon-use";
import { activeCombat, combatantOf, type CombatLike } from "./combatants";
import { STANCE_CHANGES_FLAG, linksOf } from "./effect-links";
import { HOD_WEAPON, isHodActor, sourceOf, type HodActor, type HodItem, type HodWeaponSnapshot } from "./documents";
import type { DialogTarget } from "./dialog-form";
import { immobileNow } from "./immobile";
import { crowdingNow } from "./spaces";
import { outcomeTarget } from "./outcomes";

/** The Heroes of Destiny actors this user targets, each with the name its token shows. */
export function hodTargets(): Array<{ actor: HodActor; name: string }> {
  return userTargets((actor): actor is HodActor => isHodActor(actor));
}

/** The actor's weapons as their stored data. */
const weapons = (actor: { readonly items: { readonly contents: readonly HodItem[] } }) =>
  actor.items.contents.filter((item) => item.type === HOD_WEAPON).map((item) => item.system);

/** A melee weapon in hand: an equipped weapon the rules count as a melee weapon. */
export function wieldsMeleeWeapon(actor: { readonly items: { readonly contents: readonly HodItem[] } }): boolean {
  return weapons(actor).some((s) => s.equipped !== false && isMeleeWeapon(s));
}

/**
 * How a target stands, read from the documents (its surprise and unsteadiness from the place the GM
 * keeps for its combatant): surprised until it has first acted (acting clears the unsteady flag that
 * surprise sets), unsteady after a fumble, helpless under a status that stops it reacting, immobile
 * (grabbed, stapled, paralysed at three times Vigor, fully petrified, preparing a coup de grâce), and
 * whether it holds a melee weapon.
 */
export function targetState(actor: HodActor, at: CountAt | null = null): HodTargetState {
  const combat = activeCombat<CombatLike & { placeOf?(id: string): { flags: Record<string, unknown> } | undefined }>();
  const combatant = combatantOf(combat, actor);
  // Surprise and unsteadiness as the GM keeps them (the combatant's own flags are its owner's to write).
  const kept = combatant ? combat?.placeOf?.(combatant.id)?.flags : undefined;
  const flag = (key: string) => (kept ? kept[key] : combatant?.getFlag(SYSTEM_ID, key));
  const unsteady = flag("unsteady");
  return {
    surprised: flag("surprised") === true && unsteady !== false,
    unsteady: unsteady === true,
    helpless: isHelpless(actor.statuses ?? []),
    meleeWeapon: wieldsMeleeWeapon(actor),
    // Packed into a space past two Normal creatures' worth: Passive, as the immobile (chat/spaces.ts).
    immobile: immobileNow(actor, at) || crowdingNow(actor) === "packed",
  };
}

/** An actor's stance as the rules read it. */
export function stanceOf(actor: HodActor): { stance: string; shifting: boolean } {
  return { stance: String(actor.system.stance ?? ""), shifting: actor.system.stanceShifting === true };
}

/** An actor's stance at the start of count `at` (null: now), from the changes the GM's applies recorded. */
export function stanceAt(actor: HodActor, at: CountAt | null): { stance: string; shifting: boolean } {
  const now = stanceOf(actor);
  return at ? stanceAtCount(now, readStanceChanges(actor.getFlag(SYSTEM_ID, STANCE_CHANGES_FLAG)), at) : now;
}

/**
 * The defense `chosen` as the target meets this attack: its defenses, stance and weapons as they stand,
 * less a distraction against this attacker (its uuid). With a count `at`, the stance and the effects
 * are those the target had when that count began (what an apply of the same count changed is not met).
 */
export function meetDefense(
  target: HodActor,
  chosen: HodDefense,
  melee: boolean,
  attacker?: string,
  at: CountAt | null = null,
): MetDefense {
  const met = metDefenseOf(target, chosen, melee, at);
  const distracted = attacker
    ? distractedDefense(
        linksAtCount(
          linksOf(target).map((e) => e.link),
          at,
        ),
        attacker,
      )
    : 0;
  return distracted ? { ...met, value: met.value + distracted } : met;
}

function metDefenseOf(target: HodActor, chosen: HodDefense, melee: boolean, at: CountAt | null): MetDefense {
  const d = target.system.derived;
  const source = sourceOf(target);
  return metDefense(
    {
      defenses: { primary: d.primary, passive: d.passive, vigor: d.vigor, celerity: d.celerity, spirit: d.spirit },
      stance: stanceAt(target, at),
      attackBonus: bestAttackBonus(weapons(target), source),
      shield: Number(source.shield ?? 0),
      immobile: immobileNow(target, at) || crowdingNow(target) === "packed",
    },
    chosen,
    melee,
  );
}

/** The defense an attack with this weapon meets on the target unless the attacker picks another (at count `at`). */
export function defenseFor(weapon: HodWeaponSnapshot, target: HodActor, at: CountAt | null = null): HodDefense {
  return usualDefense(weapon, targetState(target, at));
}

/**
 * A target as the attack dialog shows it: each defense as this attack would meet it, and its usual one.
 * A weapon that can be struck in melee or thrown is shown struck in melee, with the thrown defenses beside.
 * With a count `at`, as the target stood when that count began.
 */
export function dialogTarget(
  weapon: HodWeaponSnapshot,
  target: { actor: HodActor; name: string },
  attacker?: string,
  at: CountAt | null = null,
): DialogTarget {
  const shown = (used: HodWeaponSnapshot) => {
    const melee = used.range === 0;
    const met = (d: HodDefense) => meetDefense(target.actor, d, melee, attacker, at).value;
    return {
      defenses: {
        primary: met("primary"),
        passive: met("passive"),
        vigor: met("vigor"),
        celerity: met("celerity"),
        spirit: met("spirit"),
      },
      defense: defenseFor(used, target.actor, at),
    };
  };
  const use = defaultUse(weapon);
  return {
    name: target.name,
    track: outcomeTarget(target.actor),
    ...(target.actor.system.immuneToCriticals === true ? { immuneToCriticals: true } : {}),
    ...shown(weaponInUse(weapon, use)),
    ...(use ? { thrown: shown(weaponInUse(weapon, "thrown")) } : {}),
  };
}
