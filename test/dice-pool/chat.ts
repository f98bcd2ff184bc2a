/** Dice Pool's one card: an attack, a row per target with Apply and Undo, and the flow a sheet calls. */
import { finite, newCard, ref, type CardRef } from "../../src/play/card";
import { postCard, refOf } from "../../src/play/cards";
import { rollFor } from "../../src/play/dice-roll";
import { storedFaces } from "../../src/play/documents";
import { attackRequestOf } from "../../src/play/attack-request";
import type { CardKind } from "../../src/play/kind";
import { refuse } from "../../src/play/refuse";
import { mayRoll, type RollerActor } from "../../src/play/roller";
import { targetRef, userTargets } from "../../src/play/targets";
import { checkedRoll, refuseMissing } from "../../src/play/verify";
import { templatePath } from "../../src/sheets/paths";
import { attackFormula, attackOutcome, disarms, hpAfter } from "./rules/pool";

interface PoolSystem {
  readonly might: number;
  readonly guard: number;
  readonly hp: { readonly value: number; readonly max: number };
}
interface PoolWeapon {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: { readonly bonus: number; readonly damage: number; readonly held?: boolean };
}
/** A Dice Pool actor as the flow, the card and the sheet read it. */
export type PoolActor = RollerActor<PoolSystem, PoolWeapon>;

const isPoolActor = (actor: unknown): actor is PoolActor =>
  (actor as { type?: unknown } | null)?.type === "dice-pool-character";

type Data = { readonly weapon: CardRef; readonly damage: number; readonly faces: readonly number[] };
type Row = { readonly guard: number };

/** The attack card: every client shows it from its data; the GM applies a row from the dice and the sheets. */
export const dicePoolAttackKind: CardKind<Data, Row> = {
  id: "attack",
  template: templatePath("rulesets/dice-pool/attack-card.hbs"),
  schema: {
    data: (raw) => ({
      weapon: ref(raw.weapon, "weapon"),
      damage: finite(raw.damage, "damage", 0, 99),
      faces: (Array.isArray(raw.faces) ? raw.faces : []).slice(0, 12).map((f, i) => finite(f, `faces[${i}]`, 1, 6)),
    }),
    target: (raw) => ({ guard: finite(raw.guard, "guard", 0, 99) }),
  },
  view: (card, { rollHtml }) => ({
    actorName: card.actor?.name ?? "",
    weapon: card.data.weapon.name,
    rollHtml: rollHtml.join(""),
    rows: card.targets.map((t, index) => ({
      index,
      name: t.name,
      guard: t.data.guard,
      ...attackOutcome(card.data.faces, t.data.guard, card.data.damage),
      applied: t.applied?.summary ?? null,
    })),
  }),
  appliable: (card, index) => attackOutcome(card.data.faces, card.targets[index]!.data.guard, 0).hit,
  resolveApply({ rolls, target, actor }) {
    const rolled = rolls[0] ?? refuseMissing("toHit");
    const request = attackRequestOf(rolled, target.name, () => null, false);
    const attacker = actor as PoolActor | null;
    const weapon = attacker?.items.contents.find((i) => i.uuid === request.item);
    if (!attacker || !weapon) refuse("ANTHOLOGY.DicePool.noWeapon");
    if (!request.targets.includes(target.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: target.name });
    const roll = checkedRoll(rolled, "toHit", attackFormula(attacker.system.might, weapon.system.bonus));
    const defender = target as unknown as PoolActor;
    const outcome = attackOutcome(
      roll.outcome.dice.map((d) => d.value),
      defender.system.guard,
      weapon.system.damage,
    );
    const before = defender.system.hp.value;
    const after = hpAfter(before, outcome.damage);
    // A hit well past the Guard knocks the target's weapons from its hands: a change to its own items.
    const dropped = disarms(outcome, defender.system.guard)
      ? defender.items.contents.filter((i) => i.type === "dice-pool-weapon" && i.system.held !== false)
      : [];
    return {
      updates: { "system.hp.value": after },
      items: dropped.map((i) => ({ id: i.id, updates: { "system.held": false } })),
      summary: { damage: outcome.damage, before, after, dropped: dropped.map((i) => i.name).join(", ") },
    };
  },
};

/** An attack with a weapon: rolls the pool once and posts one card with a row per targeted token. */
export async function rollAttack(actor: PoolActor, weapon: PoolWeapon): Promise<unknown> {
  if (!mayRoll(actor, "ANTHOLOGY.DicePool.notYours")) return null;
  const targets = userTargets(isPoolActor);
  const formula = attackFormula(actor.system.might, weapon.system.bonus);
  const roll = await rollFor(formula, { item: weapon.uuid, choices: null, targets: targets.map((t) => t.actor.uuid) });
  const card = newCard<Data, Row>({
    ruleSet: "dice-pool",
    kind: "attack",
    actor: refOf(actor),
    data: { weapon: refOf(weapon), damage: weapon.system.damage, faces: storedFaces(roll) },
    targets: targets.map((t) => ({ ...targetRef(t), data: { guard: t.actor.system.guard } })),
  });
  return postCard({ kind: dicePoolAttackKind, card, rolls: [roll], speaker: { actor } });
}
