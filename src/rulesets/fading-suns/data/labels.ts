/**
 * i18n keys of the Fading Suns fields, characteristics, skills and chart lines: built by labelKeys where
 * a table follows one pattern (the language test reads what it builds), written out where not. Data
 * models give them to fields as labels; sheets and cards read them here.
 */
import { labelKeys } from "../../common";
import {
  BONUS_IDS,
  CHARACTERISTICS,
  MOVED_IDS,
  NATURAL_SKILLS,
  RANGE_BANDS,
  SPECIES,
  STANCE_IDS,
  WEAPON_KINDS,
} from "../rules";
import type {
  Condition,
  FightAction,
  FireAction,
  GoalLevel,
  Move,
  OwnCover,
  Sight,
  Sound,
  SpiritSituation,
  SustainedTask,
  TargetCover,
  TargetPosture,
} from "../rules";

export const CHARACTERISTIC_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Characteristics", CHARACTERISTICS);

export const SKILL_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Skills", NATURAL_SKILLS);

export const STANCE_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Stance", STANCE_IDS);

export const AGGRESSIVE_KEYS = Object.freeze({
  goal: "ANTHOLOGY.FadingSuns.Stance.aggressiveGoal",
  damage: "ANTHOLOGY.FadingSuns.Stance.aggressiveDamage",
});

export const MOVED_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Moved", MOVED_IDS);

export const SPECIES_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Species", SPECIES);

/** A Vorox's limbs on the ground, by their number. */
export const LIMB_KEYS: Readonly<Record<2 | 4 | 6, string>> = Object.freeze({
  2: "ANTHOLOGY.FadingSuns.Limbs.two",
  4: "ANTHOLOGY.FadingSuns.Limbs.four",
  6: "ANTHOLOGY.FadingSuns.Limbs.six",
});

export const WEAPON_KIND_KEYS = labelKeys("ANTHOLOGY.FadingSuns.WeaponKind", WEAPON_KINDS);

export const ACTOR_KEYS = labelKeys(
  "ANTHOLOGY.FadingSuns.FIELDS",
  [
    "vitality",
    "vitalityMax",
    "wyrd",
    "wyrdMax",
    "defense",
    "stance",
    "aggressive",
    "surprised",
    "moved",
    "species",
    "limbs",
    "situation",
    "notes",
  ],
  ".label",
);

/** The bonuses an Active Effect targets (`system.bonuses.<id>`): docs/fading-suns.md, "Effects that change rolls". */
export const BONUS_KEYS = labelKeys("ANTHOLOGY.FadingSuns.FIELDS.bonuses", BONUS_IDS, ".label");

export const ITEM_KEYS = labelKeys(
  "ANTHOLOGY.FadingSuns.FIELDS",
  ["damage", "goal", "skill", "kind", "range", "held", "armor", "equipped", "rating", "characteristic"],
  ".label",
);

// The charts' lines and the goal's parts (chat/dialog-form.ts, the cards).
export const LEVEL_KEYS: Readonly<Record<GoalLevel, string>> = labelKeys("ANTHOLOGY.FadingSuns.Level", [
  "effortless",
  "childsPlay",
  "pieceOfCake",
  "easy",
  "natural",
  "standard",
  "hard",
  "demanding",
  "tough",
  "severe",
  "herculean",
]);

export const SIGHT_KEYS: Readonly<Record<Sight, string>> = labelKeys("ANTHOLOGY.FadingSuns.Sight", [
  "none",
  "wellLit",
  "moonlit",
  "fog",
  "darkness",
  "bright",
  "blinding",
]);

export const SOUND_KEYS: Readonly<Record<Sound, string>> = labelKeys("ANTHOLOGY.FadingSuns.Sound", [
  "none",
  "silent",
  "loud",
  "veryLoud",
]);

export const CONDITION_KEYS: Readonly<Record<Condition, string>> = labelKeys("ANTHOLOGY.FadingSuns.Condition", [
  "offHand",
  "movingPlatform",
  "drawing",
  "untrained",
  "slippery",
]);

export const OWN_COVER_KEYS: Readonly<Record<OwnCover, string>> = labelKeys("ANTHOLOGY.FadingSuns.OwnCover", [
  "none",
  "partial",
  "full",
]);

export const MOVE_KEYS: Readonly<Record<Move, string>> = labelKeys("ANTHOLOGY.FadingSuns.Move", [
  "none",
  "splitMove",
  "run",
  "charge",
  "kneelStand",
]);

export const FIGHT_KEYS: Readonly<Record<FightAction, string>> = labelKeys("ANTHOLOGY.FadingSuns.Fight", [
  "strike",
  "grapple",
  "knockdown",
  "disarm",
  "knockOut",
]);

export const FIRE_KEYS: Readonly<Record<FireAction, string>> = labelKeys("ANTHOLOGY.FadingSuns.Fire", [
  "shoot",
  "shortBurst",
  "longBurst",
  "emptyClip",
  "suppressing",
]);

export const SPIRIT_KEYS: Readonly<Record<SpiritSituation, string>> = labelKeys("ANTHOLOGY.FadingSuns.Spirit", [
  "none",
  "idealInsulted",
  "bigotry",
  "reputation",
  "freedom",
  "beliefs",
  "livelihood",
  "lifesWork",
  "life",
  "faithFocus",
  "lover",
  "friends",
  "factionMatter",
  "rival",
  "crisisOfFaith",
  "money",
  "lotsOfMoney",
  "inCombat",
  "scary",
  "terrifying",
]);

export const RANGE_KEYS = labelKeys("ANTHOLOGY.FadingSuns.Range", RANGE_BANDS);

export const TARGET_COVER_KEYS: Readonly<Record<TargetCover, string>> = labelKeys("ANTHOLOGY.FadingSuns.TargetCover", [
  "none",
  "partial",
  "full",
]);

export const POSTURE_KEYS: Readonly<Record<TargetPosture, string>> = labelKeys("ANTHOLOGY.FadingSuns.Posture", [
  "standing",
  "kneeling",
  "prone",
]);

export const PART_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.FadingSuns.Part", [
  "weapon",
  "stance",
  "wounds",
  "level",
  "sight",
  "sound",
  "offHand",
  "movingPlatform",
  "drawing",
  "untrained",
  "slippery",
  "calledShot",
  "ownCover",
  "move",
  "fromGround",
  "fightAction",
  "range",
  "aim",
  "fireAction",
  "multiAttack",
  "spirit",
  "complementary",
  "quickComplementary",
  "sameTurn",
  "other",
  "damageDone",
  "effects",
]);

export const TASK_KEYS: Readonly<Record<SustainedTask, string>> = labelKeys("ANTHOLOGY.FadingSuns.Task", [
  "simple",
  "complex",
  "involved",
  "obscure",
  "arcane",
]);

/** The dialog's choice of attacks in one action (1, 2 or 3). */
export const MULTI_ATTACK_KEYS: Readonly<Record<number, string>> = Object.freeze({
  1: "ANTHOLOGY.FadingSuns.MultiAttack.one",
  2: "ANTHOLOGY.FadingSuns.MultiAttack.twice",
  3: "ANTHOLOGY.FadingSuns.MultiAttack.three",
});
