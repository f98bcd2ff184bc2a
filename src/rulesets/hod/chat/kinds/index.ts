/** Heroes of Destiny's card kinds and their templates, as the plug-in registers them. */
export { hodAttackKind } from "./attack";
export { hodCheckKind } from "./check";
export { hodDamageKind } from "./damage";
export { HOD_HEAL_TEMPLATE, hodHealKind } from "./heal";
export { HOD_POISON_TEMPLATE, hodPoisonKind } from "./poison";
export { hodRestKind } from "./rest";
export { hodSpecialKind } from "./special";
export { HOD_SPELL_TEMPLATE, hodSpellKind } from "./spell";
export { hodStanceKind } from "./stance";
export { HOD_CARD_TEMPLATES, HOD_ROW_TEMPLATES } from "./templates";
