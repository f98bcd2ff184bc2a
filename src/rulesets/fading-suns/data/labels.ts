/**
 * i18n keys of the Fading Suns fields, characteristics, skills and chart lines, written out so the
 * language test sees each one. Data models give them to fields as labels; sheets and cards read them here.
 */
import type {
  Characteristic,
  NaturalSkill,
  StanceId,
  WeaponKind,
  Condition,
  FightAction,
  FireAction,
  GoalLevel,
  Move,
  OwnCover,
  RangeBand,
  Sight,
  Sound,
  SpiritSituation,
  SustainedTask,
  TargetCover,
  TargetPosture,
} from "../rules";

export const CHARACTERISTIC_KEYS: Readonly<Record<Characteristic, string>> = Object.freeze({
  strength: "ANTHOLOGY.FadingSuns.Characteristics.strength",
  dexterity: "ANTHOLOGY.FadingSuns.Characteristics.dexterity",
  endurance: "ANTHOLOGY.FadingSuns.Characteristics.endurance",
  wits: "ANTHOLOGY.FadingSuns.Characteristics.wits",
  perception: "ANTHOLOGY.FadingSuns.Characteristics.perception",
  tech: "ANTHOLOGY.FadingSuns.Characteristics.tech",
  extrovert: "ANTHOLOGY.FadingSuns.Characteristics.extrovert",
  introvert: "ANTHOLOGY.FadingSuns.Characteristics.introvert",
  passion: "ANTHOLOGY.FadingSuns.Characteristics.passion",
  calm: "ANTHOLOGY.FadingSuns.Characteristics.calm",
  faith: "ANTHOLOGY.FadingSuns.Characteristics.faith",
  ego: "ANTHOLOGY.FadingSuns.Characteristics.ego",
});

export const SKILL_KEYS: Readonly<Record<NaturalSkill, string>> = Object.freeze({
  charm: "ANTHOLOGY.FadingSuns.Skills.charm",
  dodge: "ANTHOLOGY.FadingSuns.Skills.dodge",
  fight: "ANTHOLOGY.FadingSuns.Skills.fight",
  impress: "ANTHOLOGY.FadingSuns.Skills.impress",
  melee: "ANTHOLOGY.FadingSuns.Skills.melee",
  observe: "ANTHOLOGY.FadingSuns.Skills.observe",
  shoot: "ANTHOLOGY.FadingSuns.Skills.shoot",
  sneak: "ANTHOLOGY.FadingSuns.Skills.sneak",
  vigor: "ANTHOLOGY.FadingSuns.Skills.vigor",
});

export const STANCE_KEYS: Readonly<Record<StanceId, string>> = Object.freeze({
  aggressive: "ANTHOLOGY.FadingSuns.Stance.aggressive",
  neutral: "ANTHOLOGY.FadingSuns.Stance.neutral",
  defensive: "ANTHOLOGY.FadingSuns.Stance.defensive",
  fullDefense: "ANTHOLOGY.FadingSuns.Stance.fullDefense",
});

export const AGGRESSIVE_KEYS = Object.freeze({
  goal: "ANTHOLOGY.FadingSuns.Stance.aggressiveGoal",
  damage: "ANTHOLOGY.FadingSuns.Stance.aggressiveDamage",
});

export const WEAPON_KIND_KEYS: Readonly<Record<WeaponKind, string>> = Object.freeze({
  melee: "ANTHOLOGY.FadingSuns.WeaponKind.melee",
  ranged: "ANTHOLOGY.FadingSuns.WeaponKind.ranged",
  thrown: "ANTHOLOGY.FadingSuns.WeaponKind.thrown",
});

export const ACTOR_KEYS = Object.freeze({
  vitality: "ANTHOLOGY.FadingSuns.FIELDS.vitality.label",
  vitalityMax: "ANTHOLOGY.FadingSuns.FIELDS.vitalityMax.label",
  wyrd: "ANTHOLOGY.FadingSuns.FIELDS.wyrd.label",
  wyrdMax: "ANTHOLOGY.FadingSuns.FIELDS.wyrdMax.label",
  defense: "ANTHOLOGY.FadingSuns.FIELDS.defense.label",
  stance: "ANTHOLOGY.FadingSuns.FIELDS.stance.label",
  aggressive: "ANTHOLOGY.FadingSuns.FIELDS.aggressive.label",
  surprised: "ANTHOLOGY.FadingSuns.FIELDS.surprised.label",
  situation: "ANTHOLOGY.FadingSuns.FIELDS.situation.label",
  notes: "ANTHOLOGY.FadingSuns.FIELDS.notes.label",
});

export const ITEM_KEYS = Object.freeze({
  damage: "ANTHOLOGY.FadingSuns.FIELDS.damage.label",
  goal: "ANTHOLOGY.FadingSuns.FIELDS.goal.label",
  skill: "ANTHOLOGY.FadingSuns.FIELDS.skill.label",
  kind: "ANTHOLOGY.FadingSuns.FIELDS.kind.label",
  range: "ANTHOLOGY.FadingSuns.FIELDS.range.label",
  armor: "ANTHOLOGY.FadingSuns.FIELDS.armor.label",
  equipped: "ANTHOLOGY.FadingSuns.FIELDS.equipped.label",
  rating: "ANTHOLOGY.FadingSuns.FIELDS.rating.label",
  characteristic: "ANTHOLOGY.FadingSuns.FIELDS.characteristic.label",
});

// The charts' lines and the goal's parts (chat/dialog-form.ts, the cards).
export const LEVEL_KEYS: Readonly<Record<GoalLevel, string>> = Object.freeze({
  effortless: "ANTHOLOGY.FadingSuns.Level.effortless",
  childsPlay: "ANTHOLOGY.FadingSuns.Level.childsPlay",
  pieceOfCake: "ANTHOLOGY.FadingSuns.Level.pieceOfCake",
  easy: "ANTHOLOGY.FadingSuns.Level.easy",
  natural: "ANTHOLOGY.FadingSuns.Level.natural",
  standard: "ANTHOLOGY.FadingSuns.Level.standard",
  hard: "ANTHOLOGY.FadingSuns.Level.hard",
  demanding: "ANTHOLOGY.FadingSuns.Level.demanding",
  tough: "ANTHOLOGY.FadingSuns.Level.tough",
  severe: "ANTHOLOGY.FadingSuns.Level.severe",
  herculean: "ANTHOLOGY.FadingSuns.Level.herculean",
});

export const SIGHT_KEYS: Readonly<Record<Sight, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.Sight.none",
  wellLit: "ANTHOLOGY.FadingSuns.Sight.wellLit",
  moonlit: "ANTHOLOGY.FadingSuns.Sight.moonlit",
  fog: "ANTHOLOGY.FadingSuns.Sight.fog",
  darkness: "ANTHOLOGY.FadingSuns.Sight.darkness",
  bright: "ANTHOLOGY.FadingSuns.Sight.bright",
  blinding: "ANTHOLOGY.FadingSuns.Sight.blinding",
});

export const SOUND_KEYS: Readonly<Record<Sound, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.Sound.none",
  silent: "ANTHOLOGY.FadingSuns.Sound.silent",
  loud: "ANTHOLOGY.FadingSuns.Sound.loud",
  veryLoud: "ANTHOLOGY.FadingSuns.Sound.veryLoud",
});

export const CONDITION_KEYS: Readonly<Record<Condition, string>> = Object.freeze({
  offHand: "ANTHOLOGY.FadingSuns.Condition.offHand",
  movingPlatform: "ANTHOLOGY.FadingSuns.Condition.movingPlatform",
  drawing: "ANTHOLOGY.FadingSuns.Condition.drawing",
  untrained: "ANTHOLOGY.FadingSuns.Condition.untrained",
  slippery: "ANTHOLOGY.FadingSuns.Condition.slippery",
});

export const OWN_COVER_KEYS: Readonly<Record<OwnCover, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.OwnCover.none",
  partial: "ANTHOLOGY.FadingSuns.OwnCover.partial",
  full: "ANTHOLOGY.FadingSuns.OwnCover.full",
});

export const MOVE_KEYS: Readonly<Record<Move, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.Move.none",
  splitMove: "ANTHOLOGY.FadingSuns.Move.splitMove",
  run: "ANTHOLOGY.FadingSuns.Move.run",
  charge: "ANTHOLOGY.FadingSuns.Move.charge",
  kneelStand: "ANTHOLOGY.FadingSuns.Move.kneelStand",
});

export const FIGHT_KEYS: Readonly<Record<FightAction, string>> = Object.freeze({
  strike: "ANTHOLOGY.FadingSuns.Fight.strike",
  grapple: "ANTHOLOGY.FadingSuns.Fight.grapple",
  knockdown: "ANTHOLOGY.FadingSuns.Fight.knockdown",
  disarm: "ANTHOLOGY.FadingSuns.Fight.disarm",
  knockOut: "ANTHOLOGY.FadingSuns.Fight.knockOut",
});

export const FIRE_KEYS: Readonly<Record<FireAction, string>> = Object.freeze({
  shoot: "ANTHOLOGY.FadingSuns.Fire.shoot",
  shortBurst: "ANTHOLOGY.FadingSuns.Fire.shortBurst",
  longBurst: "ANTHOLOGY.FadingSuns.Fire.longBurst",
  emptyClip: "ANTHOLOGY.FadingSuns.Fire.emptyClip",
  suppressing: "ANTHOLOGY.FadingSuns.Fire.suppressing",
});

export const SPIRIT_KEYS: Readonly<Record<SpiritSituation, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.Spirit.none",
  idealInsulted: "ANTHOLOGY.FadingSuns.Spirit.idealInsulted",
  bigotry: "ANTHOLOGY.FadingSuns.Spirit.bigotry",
  reputation: "ANTHOLOGY.FadingSuns.Spirit.reputation",
  freedom: "ANTHOLOGY.FadingSuns.Spirit.freedom",
  beliefs: "ANTHOLOGY.FadingSuns.Spirit.beliefs",
  livelihood: "ANTHOLOGY.FadingSuns.Spirit.livelihood",
  lifesWork: "ANTHOLOGY.FadingSuns.Spirit.lifesWork",
  life: "ANTHOLOGY.FadingSuns.Spirit.life",
  faithFocus: "ANTHOLOGY.FadingSuns.Spirit.faithFocus",
  lover: "ANTHOLOGY.FadingSuns.Spirit.lover",
  friends: "ANTHOLOGY.FadingSuns.Spirit.friends",
  factionMatter: "ANTHOLOGY.FadingSuns.Spirit.factionMatter",
  rival: "ANTHOLOGY.FadingSuns.Spirit.rival",
  crisisOfFaith: "ANTHOLOGY.FadingSuns.Spirit.crisisOfFaith",
  money: "ANTHOLOGY.FadingSuns.Spirit.money",
  lotsOfMoney: "ANTHOLOGY.FadingSuns.Spirit.lotsOfMoney",
  inCombat: "ANTHOLOGY.FadingSuns.Spirit.inCombat",
  scary: "ANTHOLOGY.FadingSuns.Spirit.scary",
  terrifying: "ANTHOLOGY.FadingSuns.Spirit.terrifying",
});

export const RANGE_KEYS: Readonly<Record<RangeBand, string>> = Object.freeze({
  pointBlank: "ANTHOLOGY.FadingSuns.Range.pointBlank",
  short: "ANTHOLOGY.FadingSuns.Range.short",
  long: "ANTHOLOGY.FadingSuns.Range.long",
  extreme: "ANTHOLOGY.FadingSuns.Range.extreme",
  sniper: "ANTHOLOGY.FadingSuns.Range.sniper",
});

export const TARGET_COVER_KEYS: Readonly<Record<TargetCover, string>> = Object.freeze({
  none: "ANTHOLOGY.FadingSuns.TargetCover.none",
  partial: "ANTHOLOGY.FadingSuns.TargetCover.partial",
  full: "ANTHOLOGY.FadingSuns.TargetCover.full",
});

export const POSTURE_KEYS: Readonly<Record<TargetPosture, string>> = Object.freeze({
  standing: "ANTHOLOGY.FadingSuns.Posture.standing",
  kneeling: "ANTHOLOGY.FadingSuns.Posture.kneeling",
  prone: "ANTHOLOGY.FadingSuns.Posture.prone",
});

export const PART_KEYS: Readonly<Record<string, string>> = Object.freeze({
  weapon: "ANTHOLOGY.FadingSuns.Part.weapon",
  stance: "ANTHOLOGY.FadingSuns.Part.stance",
  wounds: "ANTHOLOGY.FadingSuns.Part.wounds",
  level: "ANTHOLOGY.FadingSuns.Part.level",
  sight: "ANTHOLOGY.FadingSuns.Part.sight",
  sound: "ANTHOLOGY.FadingSuns.Part.sound",
  offHand: "ANTHOLOGY.FadingSuns.Part.offHand",
  movingPlatform: "ANTHOLOGY.FadingSuns.Part.movingPlatform",
  drawing: "ANTHOLOGY.FadingSuns.Part.drawing",
  untrained: "ANTHOLOGY.FadingSuns.Part.untrained",
  slippery: "ANTHOLOGY.FadingSuns.Part.slippery",
  calledShot: "ANTHOLOGY.FadingSuns.Part.calledShot",
  ownCover: "ANTHOLOGY.FadingSuns.Part.ownCover",
  move: "ANTHOLOGY.FadingSuns.Part.move",
  fromGround: "ANTHOLOGY.FadingSuns.Part.fromGround",
  fightAction: "ANTHOLOGY.FadingSuns.Part.fightAction",
  range: "ANTHOLOGY.FadingSuns.Part.range",
  aim: "ANTHOLOGY.FadingSuns.Part.aim",
  fireAction: "ANTHOLOGY.FadingSuns.Part.fireAction",
  spirit: "ANTHOLOGY.FadingSuns.Part.spirit",
  complementary: "ANTHOLOGY.FadingSuns.Part.complementary",
  quickComplementary: "ANTHOLOGY.FadingSuns.Part.quickComplementary",
  sameTurn: "ANTHOLOGY.FadingSuns.Part.sameTurn",
  other: "ANTHOLOGY.FadingSuns.Part.other",
});

export const TASK_KEYS: Readonly<Record<SustainedTask, string>> = Object.freeze({
  simple: "ANTHOLOGY.FadingSuns.Task.simple",
  complex: "ANTHOLOGY.FadingSuns.Task.complex",
  involved: "ANTHOLOGY.FadingSuns.Task.involved",
  obscure: "ANTHOLOGY.FadingSuns.Task.obscure",
  arcane: "ANTHOLOGY.FadingSuns.Task.arcane",
});
