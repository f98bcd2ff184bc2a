import { derive, type HodDerived } from "../rules/derive";
import { consciousnessDc, healthOf } from "../rules/health";
import { STANCE_KEYS } from "../rules/labels";
import { STANCE_IDS } from "../rules/stances";
import {
  HOD_ACTOR_KEYS,
  HOD_AFFLICTION_KEYS,
  HOD_ATTRIBUTES,
  HOD_ATTRIBUTE_KEYS,
  HOD_STANCE_BASIC_KEY,
  HOD_TRAITS,
} from "./labels";
import {
  DAMAGEABLE_ATTRIBUTES,
  IMPAIRMENT_TYPES,
  type DamageableAttribute,
  type ImpairmentType,
} from "../rules/afflictions";
import { BONUS_HP_DURATIONS } from "../rules/bonus-hp";
import { hodSource, type HodActorSystem, type HodCarriedItem } from "./source";
import { clampTrack, clampTrackChange } from "./track";

function hodActorSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const integer = (label: string, initial: number, options: { min?: number } = {}) =>
    new NumberField({ required: true, nullable: false, integer: true, initial, label, ...options });
  const scores = Object.fromEntries(
    [...HOD_ATTRIBUTES, ...HOD_TRAITS].map((id) => [id, integer(HOD_ATTRIBUTE_KEYS[id].label, 0)]),
  ) as Record<(typeof HOD_ATTRIBUTES)[number] | (typeof HOD_TRAITS)[number], ReturnType<typeof integer>>;
  return {
    ...scores,
    accuracy: integer(HOD_ACTOR_KEYS.accuracy, 0),
    power: integer(HOD_ACTOR_KEYS.power, 0),
    topBase: integer(HOD_ACTOR_KEYS.topBase, 3, { min: 0 }),
    // 0 Medium; smaller creatures positive, larger negative.
    size: integer(HOD_ACTOR_KEYS.size, 0),
    // The actor's own armor (a stat block's, a creature's hide); worn hod-armor items add to these.
    armor: integer(HOD_ACTOR_KEYS.armor, 0, { min: 0 }),
    shield: integer(HOD_ACTOR_KEYS.shield, 0, { min: 0 }),
    naturalArmor: integer(HOD_ACTOR_KEYS.naturalArmor, 0, { min: 0 }),
    // A deflection bonus (spells): Primary and Passive.
    deflection: integer(HOD_ACTOR_KEYS.deflection, 0, { min: 0 }),
    // Lowers every hit's damage, down to 0.
    damageReduction: integer(HOD_ACTOR_KEYS.damageReduction, 0, { min: 0 }),
    hp: new SchemaField({
      value: integer(HOD_ACTOR_KEYS.hp, 10, { min: 0 }),
      max: integer(HOD_ACTOR_KEYS.hpMax, 10, { min: 0 }),
    }),
    fatigue: integer(HOD_ACTOR_KEYS.fatigue, 0, { min: 0 }),
    invigoration: integer(HOD_ACTOR_KEYS.invigoration, 0, { min: 0 }),
    bonusHp: integer(HOD_ACTOR_KEYS.bonusHp, 0, { min: 0 }),
    // How long the bonus HP lasts ("" until lost; "tc" until the Time Count reaches `tc`).
    bonusUntil: new SchemaField({
      kind: new StringField({ required: true, blank: true, initial: "", choices: [...BONUS_HP_DURATIONS] }),
      tc: integer(HOD_ACTOR_KEYS.bonusHp, -1, { min: -1 }),
    }),
    // Movement rate in feet per 4 TC (the base combat speed).
    speed: integer(HOD_ACTOR_KEYS.speed, 20, { min: 0 }),
    // The poisoned part of HP lost, fatigue and attribute damage (magical healing cannot heal it).
    poisoned: new SchemaField({
      hp: integer(HOD_ACTOR_KEYS.poisoned, 0, { min: 0 }),
      fatigue: integer(HOD_ACTOR_KEYS.poisoned, 0, { min: 0 }),
      attributes: new SchemaField(
        Object.fromEntries(
          DAMAGEABLE_ATTRIBUTES.map((a) => [a, integer(HOD_ATTRIBUTE_KEYS[a].label, 0, { min: 0 })]),
        ) as Record<DamageableAttribute, ReturnType<typeof integer>>,
      ),
    }),
    topLost: integer(HOD_ACTOR_KEYS.topLost, 0, { min: 0 }),
    // What wears the character down: impairments (optional rule), attribute damage, paralysis, petrification.
    impairments: new SchemaField(
      Object.fromEntries(
        IMPAIRMENT_TYPES.map((t) => [t, integer(HOD_AFFLICTION_KEYS.impairments[t], 0, { min: 0 })]),
      ) as Record<ImpairmentType, ReturnType<typeof integer>>,
    ),
    attributeDamage: new SchemaField(
      Object.fromEntries(
        DAMAGEABLE_ATTRIBUTES.map((a) => [a, integer(HOD_ATTRIBUTE_KEYS[a].label, 0, { min: 0 })]),
      ) as Record<DamageableAttribute, ReturnType<typeof integer>>,
    ),
    paralysis: integer(HOD_AFFLICTION_KEYS.paralysis, 0, { min: 0 }),
    petrification: integer(HOD_AFFLICTION_KEYS.petrification, 0, { min: 0 }),
    initiativeBonus: integer(HOD_ACTOR_KEYS.initiativeBonus, 0),
    // "" is a basic stance.
    stance: new StringField({
      required: true,
      blank: true,
      initial: "",
      choices: { "": HOD_STANCE_BASIC_KEY, ...Object.fromEntries(STANCE_IDS.map((id) => [id, STANCE_KEYS[id].name])) },
      label: HOD_ACTOR_KEYS.stance,
    }),
    stanceShifting: new BooleanField({ initial: false, label: HOD_ACTOR_KEYS.stanceShifting }),
    // A creature immune to critical hits: a coup de grâce deals it no extra damage and no follow-up.
    immuneToCriticals: new BooleanField({ initial: false, label: HOD_ACTOR_KEYS.immuneToCriticals }),
    // The spell being prepared or held prepared (one at a time: preparing another loses it).
    spell: new SchemaField({
      item: new StringField({ required: true, blank: true, initial: "", label: HOD_ACTOR_KEYS.spell }),
      baseDc: integer(HOD_ACTOR_KEYS.spellDc, 0, { min: 0 }),
      fatigueCost: integer(HOD_ACTOR_KEYS.spellFatigue, 0, { min: 0 }),
      charges: integer(HOD_ACTOR_KEYS.spellCharges, 0, { min: 0 }),
      taken: integer(HOD_ACTOR_KEYS.spellTaken, 0, { min: 0 }),
      moved: integer(HOD_ACTOR_KEYS.spellMoved, 0, { min: 0 }),
      prepared: new BooleanField({ initial: false, label: HOD_ACTOR_KEYS.spellPrepared }),
      // The Time Count the preparation began at (its casting time runs from there); −1 outside one.
      since: integer(HOD_ACTOR_KEYS.spellSince, -1, { min: -1 }),
    }),
    // Running and sprinting's endurance (rules/running.ts): the penalty the next check takes, the run under way.
    running: new SchemaField({
      penalty: integer(HOD_ACTOR_KEYS.runPenalty, 0, { min: 0 }),
      failures: integer(HOD_ACTOR_KEYS.runFailures, 0, { min: 0 }),
      pace: new StringField({ required: true, blank: true, initial: "", choices: ["", "run", "sprint"] }),
      sprintCheck: integer(HOD_ACTOR_KEYS.runSprintCheck, 0, { min: 0 }),
      since: integer(HOD_ACTOR_KEYS.runSince, -1, { min: -1 }),
    }),
    notes: new HTMLField({ required: true, blank: true, initial: "", label: HOD_ACTOR_KEYS.notes }),
  };
}

export type HodActorSchema = ReturnType<typeof hodActorSchema>;

/** What the actor's numbers mean right now. */
export interface HodCondition {
  /** The effective Threshold of Pain is 0. */
  readonly wounded: boolean;
  /** Fatigue has reached current HP (HP + Invigoration): a Constitution check decides consciousness. */
  readonly unconsciousRisk: boolean;
  /** The 3d6 Constitution check's DC (fatigue − current HP) while at risk; null otherwise. */
  readonly consciousnessDc: number | null;
  /** Fatigue is at least double current HP. */
  readonly dying: boolean;
  /** HP is 0. */
  readonly dead: boolean;
}

/** What prepareDerivedData adds to a Heroes of Destiny actor's system data (never stored). */
export interface HodActorDerived {
  /** Everything `derive` gives from the actor and its worn armor. */
  derived: HodDerived;
  /** The effective Threshold of Pain (full minus the hits taken, not below 0) over the full one: a token bar. */
  top: { value: number; max: number };
  /** Fatigue over current HP (HP + Invigoration), the point where consciousness is at risk: a token bar. */
  fatigueTrack: { value: number; max: number };
  condition: HodCondition;
}

/** The prepared state the rules' health functions read. */
export function conditionOf(system: HodActorSystem, effectiveTop: number): HodCondition {
  const state = {
    hp: system.hp.value,
    fatigue: system.fatigue,
    thresholdOfPain: effectiveTop,
    bonusHp: system.bonusHp,
    invigoration: system.invigoration,
  };
  const health = healthOf(state);
  const dc = health.dead ? null : consciousnessDc(state);
  return { ...health, unconsciousRisk: dc !== null, consciousnessDc: dc };
}

/**
 * A Heroes of Destiny character or NPC: the numbers the rules name, stored; the five defenses, the
 * Threshold of Pain and the attack bonuses come from the rules' `derive` with the worn armor, in
 * prepareDerivedData.
 */
export class HodActorData extends foundry.abstract.TypeDataModel<HodActorSchema, Actor.Implementation> {
  /** Token bars: HP, the effective Threshold of Pain, fatigue against current HP. */
  static TRACKABLE = { bar: ["hp", "top", "fatigueTrack"], value: ["fatigue", "bonusHp", "invigoration"] };

  static override defineSchema(): HodActorSchema {
    return hodActorSchema();
  }

  /**
   * Actors made before Heroes of Destiny had its own model kept HP in the shared `health` track; it
   * moves to `hp` so nothing typed there is lost.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const health = source.health as { value?: unknown; max?: unknown } | undefined;
    if (health && typeof health === "object" && source.hp === undefined) {
      const max = typeof health.max === "number" && health.max > 0 ? health.max : undefined;
      const value = typeof health.value === "number" ? health.value : undefined;
      if (max !== undefined || value !== undefined) {
        source.hp = { value: value ?? max, max: max ?? Math.max(0, value ?? 0) };
      }
    }
    return super.migrateData(source) as Record<string, unknown>;
  }

  override prepareDerivedData(): void {
    const system = this as unknown as HodActorSystem & HodActorDerived & { hp: { value: number; max: number } };
    const items = (this.parent as unknown as { items?: Iterable<HodCarriedItem> } | null)?.items ?? [];
    clampTrack(system.hp);
    const derived = derive(hodSource(system, items));
    system.derived = derived;
    const effective = Math.max(0, derived.thresholdOfPain - system.topLost);
    system.top = { value: effective, max: Math.max(0, derived.thresholdOfPain) };
    system.fatigueTrack = { value: system.fatigue, max: derived.currentHp };
    system.condition = conditionOf(system, effective);
  }

  /** An update never stores more HP than the maximum. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const system = this as unknown as HodActorSystem & { _source: HodActorSystem };
    clampTrackChange(args[0], "hp", { value: system._source.hp.value, max: system.hp.max });
    return allowed;
  }
}
