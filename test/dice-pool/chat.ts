/** Dice Pool's one card: an attack, a row per target with Apply and Undo, and the flow a sheet calls. */
import { AnthologyRoll } from "../../src/dice/anthology-roll";
import { finite, newCard, ref, text, type Card, type CardRef } from "../../src/play/card";
import { postCard, refOf } from "../../src/play/cards";
import { storedFaces, type PlayRoll } from "../../src/play/documents";
import type { CardKind } from "../../src/play/kind";
import { warn } from "../../src/play/notify";
import { requestOptions } from "../../src/play/request";
import { targetRef, userTargets } from "../../src/play/targets";
import { checkedRoll } from "../../src/play/verify";
import { templatePath } from "../../src/sheets/paths";
import { attackFormula, attackOutcome, hpAfter } from "./rules/pool";

interface PoolSystem {
  readonly might: number;
  readonly guard: number;
  readonly hp: { readonly value: number; readonly max: number };
}
interface PoolWeapon {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly system: { readonly bonus: number; readonly damage: number };
}
/** A Dice Pool actor as the flow and the card read it. */
export interface PoolActor {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: PoolSystem;
  readonly items: { get(id: string): PoolWeapon | undefined };
}

const isPoolActor = (actor: unknown): actor is PoolActor =>
  (actor as { type?: unknown } | null)?.type === "dice-pool-character";

type Data = { readonly weapon: CardRef; readonly damage: number; readonly faces: readonly number[] };
type Row = { readonly guard: number };

const faceList = (raw: unknown): number[] =>
  (Array.isArray(raw) ? raw : []).slice(0, 12).map((f, i) => finite(f, `faces[${i}]`, 1, 6));

/** The attack card: every client shows it from its data; the GM applies a row from the dice. */
export const dicePoolAttackKind: CardKind<Data, Row> = {
  id: "attack",
  template: templatePath("rulesets/dice-pool/attack-card.hbs"),
  schema: {
    data: (raw) => ({
      weapon: ref(raw.weapon, "weapon"),
      damage: finite(raw.damage, "damage", 0, 99),
      faces: faceList(raw.faces),
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
  resolveApply({ card, rolls, target, actor }) {
    const attacker = actor as unknown as PoolActor | null;
    const weapon = attacker?.items.get(text(requestField(rolls[0]?.request, "weapon"), "weapon"));
    if (!attacker || !weapon || weapon.uuid !== card.data.weapon.uuid) throw new Error("weapon gone");
    const roll = checkedRoll(rolls[0], "toHit", attackFormula(attacker.system.might, weapon.system.bonus));
    const defender = target as unknown as PoolActor;
    const faces = roll.outcome.dice.map((d) => d.value);
    const outcome = attackOutcome(faces, defender.system.guard, weapon.system.damage);
    const before = defender.system.hp.value;
    const after = hpAfter(before, outcome.damage);
    return { updates: { "system.hp.value": after }, summary: { damage: outcome.damage, before, after } };
  },
};

const requestField = (request: unknown, key: string): unknown =>
  request && typeof request === "object" ? (request as Record<string, unknown>)[key] : undefined;

/** An attack with a weapon: rolls the pool once and posts one card with a row per targeted token. */
export async function rollAttack(actor: PoolActor, weaponId: string): Promise<unknown> {
  if (!actor.isOwner) return warn("ANTHOLOGY.DicePool.notYours", { name: actor.name });
  const weapon = actor.items.get(weaponId);
  if (!weapon) return warn("ANTHOLOGY.DicePool.noWeapon");
  const targets = userTargets(isPoolActor);
  const formula = attackFormula(actor.system.might, weapon.system.bonus);
  const roll = new AnthologyRoll(formula, {}, requestOptions({ weapon: weapon.id })) as unknown as PlayRoll & {
    evaluate(): Promise<unknown>;
  };
  await roll.evaluate();
  const faces = storedFaces(roll);
  const card: Card<Data, Row> = newCard({
    ruleSet: "dice-pool",
    kind: "attack",
    actor: refOf(actor),
    data: { weapon: refOf(weapon), damage: weapon.system.damage, faces },
    targets: targets.map((t) => ({ ...targetRef(t), data: { guard: t.actor.system.guard } })),
  });
  return postCard({ kind: dicePoolAttackKind, card, rolls: [roll], speaker: { actor } });
}
