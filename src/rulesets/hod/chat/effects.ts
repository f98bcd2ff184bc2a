import { SYSTEM_ID } from "../../../constants";
import type { Card } from "../../../play/card";
import type { ApplyPlan, DataValue } from "../../../play/kind";
import type { HodSpecialData, HodSpecialRow } from "./card-data";
import type { HodActor } from "./documents";
import { readStanceChanges, withStanceChange, type CountAt } from "../rules/count-start";
import { EFFECT_FLAG, STANCE_CHANGES_FLAG, linksOf, type WithEffects } from "./effect-links";
import { warn } from "../../../play/notify";
import {
  HOD_STATUSES,
  effectModifiers,
  expiresWhenActing,
  grabRequirement,
  grabbedRefusal,
  hasEffects,
  specialEffects,
  type GrabState,
  type HodEffectKind,
  type HodEffectLink,
  type SpecialEffects,
} from "../rules/effects";

const ids = (actor: WithEffects, test: (link: HodEffectLink) => boolean) =>
  linksOf(actor)
    .filter((e) => test(e.link))
    .map((e) => e.id);

/**
 * A rule that stops an act, with its reason (an i18n key and its data): a player is refused and told
 * why; a GM is told and may go on (a grab the statuses do not show, a ruling at the table).
 */
export function gmMayGoOn(key: string, data: Record<string, string>): boolean {
  if (!game.user?.isGM) return (warn(key, data), false);
  warn("ANTHOLOGY.HoD.Effects.gmOverride", { reason: game.i18n!.format(key, data) });
  return true;
}

/** Whether a grab lets this actor move, attack or cast (a verbal-only spell): see `grabbedRefusal`. */
export function grabAllows(
  actor: (WithEffects & { readonly name?: string | null }) | null,
  act: "move" | "attack" | "cast",
  verbalOnly = false,
): boolean {
  const key = grabbedRefusal(
    linksOf(actor).map((e) => e.link),
    act,
    verbalOnly,
  );
  return !key || gmMayGoOn(key, { name: actor?.name ?? "" });
}

/**
 * The grab rules a player's client checks before an attack or a special action, checked again on the
 * GM's side where the row is applied: the reason (an i18n key and its data) it must not be, or null.
 * Held by a critical grab, the performer attacks nobody (Break and Escape Grab stay open) and casts no
 * spell with somatic components; a wrestling action needs its grab. A grab made at the count now under
 * way (`current`) does not stop an action: what one count does is done as things stood when it began.
 */
export function grabRefusalOnApply(
  performer: WithEffects & { readonly name?: string | null },
  target: (WithEffects & { readonly name?: string | null }) | null,
  action: { readonly special: string | null; readonly act: "attack" | "cast"; readonly verbalOnly?: boolean },
  current: number | null,
): { key: string; data: Record<string, string> } | null {
  const links = linksOf(performer).map((e) => e.link);
  const before = links.filter(
    (l) => !(l.kind === "grabbed" && current !== null && l.since !== null && l.since >= current),
  );
  const freeing = action.special === "breakGrab" || action.special === "escapeGrab";
  const held = freeing ? null : grabbedRefusal(before, action.act, action.verbalOnly === true);
  if (held) return { key: held, data: { name: performer.name ?? "" } };
  if (!action.special || !target) return null;
  const state: GrabState = {
    grabbedBy: links.filter((l) => l.kind === "grabbed").map((l) => l.other),
    grabbing: links.filter((l) => l.kind === "grabbing").map((l) => l.other),
    targetGrabs: linksOf(target).some((e) => e.link.kind === "grabbing"),
  };
  const missing = grabRequirement(action.special, state, target.uuid);
  return missing ? { key: missing, data: { name: target.name ?? "" } } : null;
}

/** The Active Effect of a link: its status (name, icon) and the link in the system's flags. */
export function effectOf(link: HodEffectLink): object {
  const status = HOD_STATUSES.find((s) => s.id === `hod-${link.kind}`)!;
  return {
    name: game.i18n!.localize(status.name),
    img: status.img,
    statuses: [status.id],
    flags: { [SYSTEM_ID]: { [EFFECT_FLAG]: link } },
  };
}

const linkOf = (kind: HodEffectKind, other: string, extra: Partial<HodEffectLink> = {}): HodEffectLink => ({
  kind,
  other,
  endsOn: null,
  since: null,
  strong: false,
  against: null,
  ...extra,
});

/** What an applied row says it did beyond damage (i18n keys, `{name}` the target's). */
export const EFFECT_KEYS = Object.freeze({
  prone: "ANTHOLOGY.HoD.Effects.Applied.prone",
  grabbed: "ANTHOLOGY.HoD.Effects.Applied.grabbed",
  strongGrab: "ANTHOLOGY.HoD.Effects.Applied.strongGrab",
  criticalGrab: "ANTHOLOGY.HoD.Effects.Applied.criticalGrab",
  released: "ANTHOLOGY.HoD.Effects.Applied.released",
  feint: "ANTHOLOGY.HoD.Effects.Applied.feint",
  feintDamage: "ANTHOLOGY.HoD.Effects.Applied.feintDamage",
  attack: "ANTHOLOGY.HoD.Effects.Applied.distractAttack",
  defense: "ANTHOLOGY.HoD.Effects.Applied.distractDefense",
  both: "ANTHOLOGY.HoD.Effects.Applied.distractBoth",
  followUp: "ANTHOLOGY.HoD.Effects.Applied.followUp",
  mayGrab: "ANTHOLOGY.HoD.Effects.Applied.mayGrab",
  mayBreak: "ANTHOLOGY.HoD.Effects.Applied.mayBreak",
  mayShunt: "ANTHOLOGY.HoD.Effects.Applied.mayShunt",
  killed: "ANTHOLOGY.HoD.Effects.Applied.killed",
  stapled: "ANTHOLOGY.HoD.Effects.Applied.stapled",
  pierced: "ANTHOLOGY.HoD.Effects.Applied.pierced",
  disarmed: "ANTHOLOGY.HoD.Effects.Applied.disarmed",
  nothingHeld: "ANTHOLOGY.HoD.Effects.Applied.nothingHeld",
});

/** The row buttons a special action offers once applied: the button's action, what the row must say, its label. */
export const ROW_ACTIONS: Readonly<Record<string, readonly [string, string, string]>> = Object.freeze({
  tackle: ["freeGrab", EFFECT_KEYS.mayGrab, "ANTHOLOGY.HoD.Card.freeGrab"],
  drag: ["dragBreak", EFFECT_KEYS.mayBreak, "ANTHOLOGY.HoD.Card.dragBreak"],
  shunt: ["shuntTrip", EFFECT_KEYS.mayShunt, "ANTHOLOGY.HoD.Card.shuntTrip"],
});

type OtherChange = NonNullable<ApplyPlan["others"]>[number];

/**
 * The changes a special action's effects make, as parts of a row's apply: the target's stance and
 * effects, the effects made or ended on others (the performer, an ally let go), and what the row says.
 * `since` is the TC of the action; `at` its count as the combat's record confirms it (a stance changed
 * on it is recorded with the stance before, so a hit of that count meets the target as it stood);
 * `ally` the actor a distraction is against.
 */
export function effectsPlan(
  performer: WithEffects,
  target: WithEffects & Partial<Pick<HodActor, "system" | "getFlag">>,
  effects: SpecialEffects,
  options: { readonly since: number | null; readonly at?: CountAt | null; readonly ally: string | null },
): Required<Pick<ApplyPlan, "updates" | "effects" | "removeEffects" | "others">> & { keys: string[] } {
  const updates: Record<string, DataValue> = {};
  const made: object[] = [];
  const removed: string[] = [];
  const others = new Map<string, { effects: object[]; removeEffects: string[] }>();
  const on = (uuid: string) => {
    if (!others.has(uuid)) others.set(uuid, { effects: [], removeEffects: [] });
    return others.get(uuid)!;
  };
  const keys: string[] = [];
  const p = performer.uuid;
  const t = target.uuid;
  if (effects.prone) {
    updates["system.stance"] = "prone";
    updates["system.stanceShifting"] = false;
    if (options.at && target.getFlag) {
      const before = { stance: String(target.system?.stance ?? ""), shifting: target.system?.stanceShifting === true };
      const changes = readStanceChanges(target.getFlag(SYSTEM_ID, STANCE_CHANGES_FLAG));
      updates[`flags.${SYSTEM_ID}.${STANCE_CHANGES_FLAG}`] = JSON.stringify(
        withStanceChange(changes, options.at, before),
      );
    }
    keys.push(EFFECT_KEYS.prone);
  }
  if (effects.grab) {
    // A new grab replaces the one the performer already held on the target.
    removed.push(...ids(target, (l) => l.kind === "grabbed" && l.other === p));
    on(p).removeEffects.push(...ids(performer, (l) => l.kind === "grabbing" && l.other === t));
    const { strong, critical } = effects.grab;
    // The count it was made at: an action of that same count is not stopped by it (grabRefusalOnApply).
    made.push(effectOf(linkOf("grabbed", p, { strong, critical, since: options.since })));
    on(p).effects.push(effectOf(linkOf("grabbing", t, { since: options.since })));
    keys.push(strong ? EFFECT_KEYS.strongGrab : EFFECT_KEYS.grabbed);
    if (critical) keys.push(EFFECT_KEYS.criticalGrab);
  }
  if (effects.release === "escape") {
    removed.push(...ids(target, (l) => l.kind === "grabbing" && l.other === p));
    on(p).removeEffects.push(...ids(performer, (l) => l.kind === "grabbed" && l.other === t));
    keys.push(EFFECT_KEYS.released);
  } else if (effects.release === "letGo") {
    removed.push(...ids(target, (l) => l.kind === "grabbed" && l.other === p));
    on(p).removeEffects.push(...ids(performer, (l) => l.kind === "grabbing" && l.other === t));
    keys.push(EFFECT_KEYS.released);
  } else if (effects.release === "break") {
    // Every grab the target holds ends, on the performer or on an ally.
    for (const { id, link } of linksOf(target).filter((e) => e.link.kind === "grabbing")) {
      removed.push(id);
      const held = link.other === p ? performer : resolveActor(link.other);
      if (held) on(link.other).removeEffects.push(...ids(held, (l) => l.kind === "grabbed" && l.other === t));
    }
    keys.push(EFFECT_KEYS.released);
  }
  if (effects.feint) {
    on(p).removeEffects.push(...ids(performer, (l) => l.kind === "feinting" && l.other === t));
    const link = linkOf("feinting", t, { endsOn: p, since: options.since, strong: effects.feint.damage });
    on(p).effects.push(effectOf(link));
    keys.push(effects.feint.damage ? EFFECT_KEYS.feintDamage : EFFECT_KEYS.feint);
  }
  if (effects.distract && options.ally) {
    const against = effects.distract.against;
    made.push(effectOf(linkOf("distracted", options.ally, { endsOn: p, since: options.since, against })));
    keys.push(EFFECT_KEYS[against]);
  }
  if (effects.mayGrab) keys.push(EFFECT_KEYS.mayGrab);
  if (effects.mayBreak) keys.push(EFFECT_KEYS.mayBreak);
  if (effects.mayShunt) keys.push(EFFECT_KEYS.mayShunt);
  if (effects.killed) keys.push(EFFECT_KEYS.killed);
  if (effects.staple) keys.push(effects.staple.acrobatics ? EFFECT_KEYS.stapled : EFFECT_KEYS.pierced);
  return {
    updates,
    effects: made,
    removeEffects: removed,
    others: [...others].map(([uuid, change]): OtherChange => ({ uuid, ...change })),
    keys,
  };
}

function resolveActor(uuid: string): WithEffects | null {
  try {
    return (fromUuidSync(uuid as never) as WithEffects | null) ?? null;
  } catch {
    return null;
  }
}

/** A special action's row can be applied when it dealt damage or its outcomes leave an effect. */
export function specialAppliable(card: Card<HodSpecialData, HodSpecialRow>, index: number): boolean {
  const row = card.targets[index];
  if (!row) return false;
  const happened = row.data.outcomes.map((key) => ({ key }));
  const effects = specialEffects(card.data.special, happened);
  // A distraction against nobody (no ally was offered) changes nothing.
  const none = effects.distract && !card.data.choices?.ally && !effects.prone && !effects.grab;
  return Boolean(row.data.damage) || (hasEffects(effects) && !none);
}

/** The grabs around a performer and whether the target grabs anyone, for the wrestling requirements. */
export function grabState(performer: WithEffects, target: WithEffects): GrabState {
  const mine = linksOf(performer);
  return {
    grabbedBy: mine.filter((e) => e.link.kind === "grabbed").map((e) => e.link.other),
    grabbing: mine.filter((e) => e.link.kind === "grabbing").map((e) => e.link.other),
    targetGrabs: linksOf(target).some((e) => e.link.kind === "grabbing"),
  };
}

/** What an attacker's effects tick in the attack dialog against its first target. */
export function dialogTicks(attacker: WithEffects, target: WithEffects | null, actionId: string | null = null) {
  return effectModifiers(
    linksOf(attacker).map((e) => e.link),
    target?.uuid ?? null,
    actionId,
  );
}

/** The feint an attacker spends on its attack on these targets (its owner deletes it). */
export async function spendFeint(attacker: WithEffects, targets: readonly string[]): Promise<void> {
  for (const { id, link } of linksOf(attacker)) {
    if (link.kind === "feinting" && targets.includes(link.other)) {
      await attacker.effects?.contents.find((e) => e.id === id)?.delete();
    }
  }
}

interface ActingCombat {
  readonly combatants: Iterable<{ readonly actor: WithEffects | null }> & {
    get(id: string): { readonly actor: WithEffects | null } | undefined;
  };
}

/**
 * The actors this client has seen carry a special action's effect, so that an act on the Time Count
 * looks at them and not at every combatant (an encounter may hold thousands). Null until the first act
 * scans the combat; then kept up by `createActiveEffect` and pruned when an actor has none left.
 */
let linked: Map<string, WithEffects> | null = null;
const scanned = new WeakSet<object>();

/** `createActiveEffect`: an effect of a special action puts its actor on the list. */
export function onHodEffectCreated(effect: {
  getFlag?(scope: string, key: string): unknown;
  readonly parent?: unknown;
}): void {
  const actor = effect.parent as WithEffects | undefined;
  if (actor?.uuid && effect.getFlag?.(SYSTEM_ID, EFFECT_FLAG) !== undefined)
    (linked ??= new Map()).set(actor.uuid, actor);
}

/**
 * `anthology.timeCountAct` (on the GM's client): the effects that last until the acting actor's next
 * action end, on every actor that carries one.
 */
export async function onTimeCountAct(combat: ActingCombat, step: { id: string; tc: number }): Promise<void> {
  const acting = combat.combatants.get(step.id)?.actor;
  if (!acting) return;
  linked ??= new Map();
  // Each combat is scanned once on this client (its actors may carry effects from before it loaded).
  if (!scanned.has(combat)) {
    scanned.add(combat);
    for (const { actor } of combat.combatants) if (actor && linksOf(actor).length) linked.set(actor.uuid, actor);
  }
  for (const [uuid, actor] of [...linked]) {
    const links = linksOf(actor);
    if (!links.length) linked.delete(uuid);
    for (const { id, link } of links) {
      if (expiresWhenActing(link, acting.uuid, step.tc)) {
        await actor.effects?.contents.find((e) => e.id === id)?.delete();
      }
    }
  }
}

/** Whether the actor holds a grab on `target` (its grab link). */
export function grabs(actor: WithEffects | null | undefined, target: string): boolean {
  return linksOf(actor).some((e) => e.link.kind === "grabbing" && e.link.other === target);
}

/** Whether row `target` of a grab's card offers letting go now: applied, and its grabber still holds the target. */
export function releaseDue(
  card: { readonly actor: { readonly uuid: string } | null; readonly data: { readonly special: string } } & {
    readonly targets: ReadonlyArray<{ readonly uuid: string; readonly applied?: unknown }>;
  },
  target: number | null,
): boolean {
  const row = target === null ? undefined : card.targets[target];
  if (card.data.special !== "grab" || !row?.applied) return false;
  return grabs(resolveActor(card.actor?.uuid ?? ""), row.uuid);
}
