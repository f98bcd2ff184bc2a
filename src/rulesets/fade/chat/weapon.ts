import type { DialogWeapon } from "./dialog-form";

/** The rules' view of a Fade weapon item (its stored fields), with its two-handing option. */
export function weaponOf(item: { readonly system: Readonly<Record<string, unknown>> }): DialogWeapon {
  const s = item.system;
  return {
    baseDamage: String(s.baseDamage ?? ""),
    finesse: s.finesse === true,
    spell: s.spell === true,
    twoHanded: s.twoHanded === true,
    canTwoHand: s.canTwoHand === true,
    penetration: typeof s.penetration === "number" ? s.penetration : 0,
    damageType: typeof s.damageType === "string" ? s.damageType : "",
    explodesOn: typeof s.explodesOn === "number" ? s.explodesOn : 0,
    range: typeof s.range === "number" && s.range > 0 ? s.range : 0,
    defense: (typeof s.defense === "string" ? s.defense : "defense") as DialogWeapon["defense"],
  };
}
