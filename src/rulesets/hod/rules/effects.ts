import type { SpecialOutcome } from "./special-actions";

/** The statuses the special actions leave, each an Active Effect with a link (`HodEffectLink`). */
export const HOD_STATUSES = Object.freeze([
  { id: "hod-grabbed", name: "ANTHOLOGY.HoD.Status.grabbed", img: "icons/svg/net.svg" },
  { id: "hod-grabbing", name: "ANTHOLOGY.HoD.Status.grabbing", img: "icons/svg/padlock.svg" },
  { id: "hod-feinting", name: "ANTHOLOGY.HoD.Status.feinting", img: "icons/svg/eye.svg" },
  { id: "hod-distracted", name: "ANTHOLOGY.HoD.Status.distracted", img: "icons/svg/daze.svg" },
] as const);

export type HodEffectKind = "grabbed" | "grabbing" | "feinting" | "distracted";
const KINDS: readonly HodEffectKind[] = ["grabbed", "grabbing", "feinting", "distracted"];
export type DistractAgainst = "attack" | "defense" | "both";

/**
 * What a special action's effect is and whom it concerns (`flags.anthology.hodEffect`): the actor at
 * the other end (the grabber, the one grabbed, the feint's target, the ally a distraction is against),
 * the actor whose next action on the Time Count ends it and the TC it began on, and its degree (a
 * grab's Great Success, a feint's Great Success, what a distraction lowers).
 */
export interface HodEffectLink {
  readonly kind: HodEffectKind;
  readonly other: string;
  readonly endsOn: string | null;
  readonly since: number | null;
  readonly strong: boolean;
  readonly against: DistractAgainst | null;
  /** A grab's Critical Success: the grabbed cannot attack or cast spells with somatic components. */
  readonly critical?: boolean;
}

/** A link as stored (untrusted): null when it is not one. */
export function readEffectLink(raw: unknown): HodEffectLink | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (!KINDS.includes(r.kind as HodEffectKind) || typeof r.other !== "string") return null;
  return {
    kind: r.kind as HodEffectKind,
    other: r.other,
    endsOn: typeof r.endsOn === "string" ? r.endsOn : null,
    since: typeof r.since === "number" && Number.isFinite(r.since) ? r.since : null,
    strong: r.strong === true,
    against: r.against === "attack" || r.against === "defense" || r.against === "both" ? r.against : null,
    critical: r.critical === true,
  };
}

/**
 * Whether an effect lasting "until the next action" of an actor ends when `actorId` acts at `tc`: it
 * names that actor, and the action comes after the one that made it (a later TC; without a TC, any).
 */
export function expiresWhenActing(
  effect: Pick<HodEffectLink, "endsOn" | "since">,
  actorId: string,
  tc: number | null = null,
): boolean {
  if (!effect.endsOn || effect.endsOn !== actorId) return false;
  return effect.since === null || tc === null || tc > effect.since;
}

/** What a special action's outcomes do beyond damage, to the target and to the one performing it. */
export interface SpecialEffects {
  /** The target falls prone (the prone stance). */
  readonly prone: boolean;
  /** The target is grabbed by the performer; `strong`: −2 to its Break and Escape Grab; `critical`: no attacks. */
  readonly grab: { readonly strong: boolean; readonly critical: boolean } | null;
  /**
   * The grab between them ends: `escape` the target's grab on the performer (a drag's break too), `break` every grab the
   * target holds, `letGo` the performer's grab on the target (a shunt's grab not maintained).
   */
  readonly release: "escape" | "break" | "letGo" | null;
  /** The performer's next attack on the target: +2 to hit, and +2 damage with `damage`. */
  readonly feint: { readonly damage: boolean } | null;
  /** −2 to the target's attack, defense or both against an ally, until the performer acts again. */
  readonly distract: { readonly against: DistractAgainst } | null;
  /** A coup de grâce: if the target survives, a follow-up Vigor attack kills on a hit. */
  readonly followUp: boolean;
  /** Tackle: the performer may grab the target as a free action. */
  readonly mayGrab: boolean;
  /** Drag's Great Success: the performer may break the target's grab on it. */
  readonly mayBreak: boolean;
  /** Shunt: the performer may let go and make the free Strength attack against Celerity to knock prone. */
  readonly mayShunt: boolean;
  /** A coup de grâce's follow-up hit: the target is killed. */
  readonly killed: boolean;
  /** Staple: the target is stapled (immobile); `acrobatics`: it may escape with Acrobatics too (not when pierced). */
  readonly staple: { readonly acrobatics: boolean } | null;
  /** Disarm: the target releases a held weapon and drops it to the ground (`disarmedWeapon`). */
  readonly disarm: boolean;
}

const PRONE = new Set(["trip.hit", "tackle.hit", "throw.hitCelerity", "shuntTrip.hit"]);

/**
 * The effects of a special action's outcomes that happened (`specialOutcomes`), by their keys. A
 * distraction lowers what the performer chose (`distractAgainst`, attack by default), both on a
 * critical. A target immune to critical hits gets no follow-up to a coup de grâce.
 */
export function specialEffects(
  actionId: string,
  happened: readonly Pick<SpecialOutcome, "key">[],
  options: { readonly distractAgainst?: "attack" | "defense"; readonly immuneToCriticals?: boolean } = {},
): SpecialEffects {
  const has = (id: string) => happened.some((o) => o.key === `ANTHOLOGY.HoD.Special.${id}`);
  return {
    prone: [...PRONE].some(has),
    grab: has("grab.hit") ? { strong: has("grab.great5"), critical: has("grab.critical") } : null,
    release:
      has("escapeGrab.hit") || actionId === "dragBreak"
        ? "escape"
        : has("breakGrab.hit")
          ? "break"
          : actionId === "shuntTrip" || actionId === "releaseGrab"
            ? "letGo"
            : null,
    feint: has("feint.hit") ? { damage: has("feint.great5") } : null,
    distract: has("distract.hit")
      ? { against: has("distract.critical") ? "both" : (options.distractAgainst ?? "attack") }
      : null,
    followUp: actionId === "coupDeGrace" && has("coupDeGrace.hit") && options.immuneToCriticals !== true,
    mayGrab: has("tackle.hit"),
    mayBreak: has("drag.great5"),
    mayShunt: has("shunt.hit"),
    killed: has("coupFollowUp.hit"),
    // Beaten by 5, the weapon pierces the target (its Dexterity's damage): no escape with Acrobatics.
    staple: has("staple.hit") ? { acrobatics: !has("staple.great5") } : null,
    disarm: has("disarm.hit"),
  };
}

/** Whether the effects change anything a GM applies (beyond damage). */
export function hasEffects(effects: SpecialEffects): boolean {
  return Boolean(
    effects.prone ||
    effects.grab ||
    effects.release ||
    effects.feint ||
    effects.distract ||
    effects.killed ||
    effects.mayBreak ||
    effects.mayShunt ||
    effects.staple ||
    effects.disarm,
  );
}

/** The grabs around one performer: whom it is grabbed by, whom it grabs, and whether the target grabs anyone. */
export interface GrabState {
  readonly grabbedBy: readonly string[];
  readonly grabbing: readonly string[];
  readonly targetGrabs: boolean;
}

/**
 * The wrestling requirement a special action has against one target, from the grab statuses: the i18n
 * key of what is missing, or null. Break Grab needs the target to grab someone (the performer or an
 * ally); Drag and Escape Grab a grab by the target; Grapple, Shunt and Throw the performer's grab on it.
 */
export function grabRequirement(actionId: string, state: GrabState, target: string): string | null {
  if (actionId === "breakGrab") return state.targetGrabs ? null : "ANTHOLOGY.HoD.Effects.needsTargetGrabbing";
  if (actionId === "drag" || actionId === "escapeGrab") {
    return state.grabbedBy.includes(target) ? null : "ANTHOLOGY.HoD.Effects.needsGrabbedBy";
  }
  if (actionId === "grapple" || actionId === "shunt" || actionId === "throw") {
    return state.grabbing.includes(target) ? null : "ANTHOLOGY.HoD.Effects.needsGrabbing";
  }
  return null;
}

/**
 * The attack modifiers (ATTACK_MODIFIERS ids) an attacker's effects tick against one target: `grabbed`
 * (−2 to hit while grabbed), `grabHold` (−2 to Break and Escape Grab against a grabber's Great Success),
 * `feint` (+2 on the feinter's next attack on the target), `distracted` (−2 to attacks on the ally the
 * distraction names); and the damage a feint's Great Success adds (+2).
 */
export function effectModifiers(
  links: readonly HodEffectLink[],
  target: string | null,
  actionId: string | null = null,
): { readonly ids: readonly string[]; readonly damage: number } {
  const ids = new Set<string>();
  let damage = 0;
  for (const link of links) {
    if (link.kind === "grabbed") {
      ids.add("grabbed");
      const attempt = actionId === "breakGrab" || actionId === "escapeGrab";
      if (link.strong && attempt && link.other === target) ids.add("grabHold");
    } else if (link.kind === "feinting" && link.other === target && actionId === null) {
      ids.add("feint");
      if (link.strong) damage = 2;
    } else if (link.kind === "distracted" && link.other === target && link.against !== "defense") {
      ids.add("distracted");
    }
  }
  return { ids: [...ids], damage };
}

/**
 * What a distraction takes off a target's defense against one attacker: −2 when the target is
 * distracted against that attacker's defense (or both), else 0.
 */
export function distractedDefense(links: readonly HodEffectLink[], attacker: string): number {
  return links.some((l) => l.kind === "distracted" && l.other === attacker && l.against !== "attack") ? -2 : 0;
}

/** The effects' public rules, spread into `api.rules.hod`. */
export const HOD_EFFECTS_API = Object.freeze({
  effectStatuses: HOD_STATUSES,
  readEffectLink,
  expiresWhenActing,
  specialEffects,
  grabRequirement,
  effectModifiers,
  distractedDefense,
  withoutCriticals,
  grabbedRefusal,
  grabbedCastDc,
  /** A stapled creature's escape: Athletics (Str) or Acrobatics (Dex, not when pierced) against the staple's attack roll. */
  stapleEscape,
  /** The weapon a disarm knocks from its target's hand (a two-handed one first, else the first by name), or null. */
  disarmedWeapon,
});

/**
 * Why a grabbed actor may not do something (an i18n key), or null: a grab immobilizes (no move, so no
 * running or sprinting); a grab's Critical Success leaves it unable to attack or to cast a spell with
 * somatic components (a spell marked verbal only may still be cast). Break and Escape Grab stay open.
 */
export function grabbedRefusal(
  links: readonly HodEffectLink[],
  act: "move" | "attack" | "cast",
  verbalOnly = false,
): string | null {
  const held = links.filter((l) => l.kind === "grabbed");
  if (!held.length) return null;
  if (act === "move") return "ANTHOLOGY.HoD.Effects.immobilized";
  if (!held.some((l) => l.critical) || (act === "cast" && verbalOnly)) return null;
  return act === "attack" ? "ANTHOLOGY.HoD.Effects.noAttack" : "ANTHOLOGY.HoD.Effects.noSomatic";
}

/**
 * The Arcana (Con) check a grabbed caster must pass to cast: DC 10 + the spell's level (Heroes of
 * Destiny's spells give a fatigue cost for their level), or null when not grabbed.
 */
export function grabbedCastDc(links: readonly HodEffectLink[], level: number): number | null {
  return links.some((l) => l.kind === "grabbed") ? 10 + Math.max(0, Math.trunc(level) || 0) : null;
}

/**
 * The outcomes as they land on a creature immune to critical hits: a critical's damage becomes the
 * weapon's plain damage, never more than once (a coup de grâce's double critical deals a plain hit; a
 * quick strike's half a critical, half a hit).
 */
export function withoutCriticals<T extends SpecialOutcome>(outcomes: readonly T[]): T[] {
  return outcomes.map((o) =>
    o.damage?.kind === "critical" ? { ...o, damage: { kind: "weapon", factor: Math.min(1, o.damage.factor) } } : o,
  );
}

/** A weapon as a disarm finds it on its target. */
export interface HeldWeapon {
  readonly id: string;
  readonly name: string;
  readonly category?: unknown;
  readonly equipped?: unknown;
  readonly twoHanded?: unknown;
}

/** Weapons no disarm can knock loose: bare hands, natural weapons (claws) and spells. */
const NOT_HELD = new Set(["unarmed", "natural", "spell"]);

/**
 * The weapon a disarm's hit knocks from its target's hand ("The target releases a held item and drops it
 * to the ground"): an equipped weapon it holds (not a bare hand, a natural weapon or a spell), a
 * two-handed one first (it fills both hands), else the first by name; null when it holds none.
 */
export function disarmedWeapon(weapons: readonly HeldWeapon[]): HeldWeapon | null {
  const held = weapons
    .filter((w) => w.equipped !== false && !NOT_HELD.has(String(w.category)))
    .sort((a, b) => Number(b.twoHanded === true) - Number(a.twoHanded === true) || a.name.localeCompare(b.name));
  return held[0] ?? null;
}

/** The checks that free a stapled creature: "an Athletics (Str) check or an Acrobatics (Dex) check". */
export const STAPLE_ESCAPES = Object.freeze({ athletics: "strength", acrobatics: "dexterity" } as const);
export type StapleEscape = keyof typeof STAPLE_ESCAPES;

/**
 * Whether a stapled creature may try this escape (the text: "The DC for each is equal to your attack
 * roll"; pierced by a Great Success, "the target cannot escape with an Acrobatics check"), and its DC:
 * the staple's attack roll total. Null: that escape is not open.
 */
export function stapleEscape(
  skill: StapleEscape,
  staple: { readonly attackTotal: number; readonly acrobatics: boolean },
): { readonly attribute: "strength" | "dexterity"; readonly dc: number } | null {
  if (skill === "acrobatics" && !staple.acrobatics) return null;
  return { attribute: STAPLE_ESCAPES[skill], dc: Math.trunc(staple.attackTotal) };
}
