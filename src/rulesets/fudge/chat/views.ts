/** The FUDGE cards as their templates read them: pure views of the stored card data. */
import { ladderLabel, type LadderLabel } from "../../../dice/ladder";
import type { Card } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { outcomeViews, type TargetOutcome } from "../../../play/outcome-line";
import {
  FUDGE_ATTACK_TYPE_KEYS,
  FUDGE_LOCATION_KEYS,
  FUDGE_LOSS_KEYS,
  FUDGE_STANCE_KEYS,
  FUDGE_WOUND_KEYS,
  FUDGE_RANGE_KEYS,
} from "../data/labels";
import { UNIT_LOSSES } from "../rules/play";
import type { Wound } from "../rules/combat";
import { aimDegree } from "../rules/locations";
import type {
  FudgeAttackData,
  FudgeCheckData,
  FudgeResponseData,
  FudgeRow,
  HitLocation,
  RowResult,
  SideSummary,
} from "./card-data";

/** What an applied row did, as the apply's summary stores it. */
export interface FudgeAppliedSummary {
  /** The wound the blow dealt, and the box actually marked (a full level marks a higher one). */
  readonly wound: "undamaged" | Wound | null;
  readonly marked: Wound | null;
  readonly stun: "none" | "stunned" | "veryStunned" | "knockedOut" | null;
  readonly down: boolean;
  /** The GM's one die for a hit Scale alone stopped (−1, 0 or +1), if rolled. */
  readonly scaleDie?: number | null;
  /** Where the GM's reading of the dice (or the aim) lands the hit, if anywhere. */
  readonly location?: HitLocation | null;
  /** A won Tactics roll's +1 (absent on a blow's row). */
  readonly tactics?: boolean;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

const STUN_KEYS = Object.freeze({
  none: "ANTHOLOGY.Fudge.Stun.none",
  stunned: "ANTHOLOGY.Fudge.Stun.stunned",
  veryStunned: "ANTHOLOGY.Fudge.Stun.veryStunned",
  knockedOut: "ANTHOLOGY.Fudge.Stun.knockedOut",
});

function appliedView(raw: Readonly<Record<string, unknown>> | undefined) {
  if (!raw) return null;
  const s = raw as Partial<FudgeAppliedSummary>;
  return {
    woundKey: s.marked ? FUDGE_WOUND_KEYS[s.marked] : null,
    overflow: Boolean(s.marked && s.wound && s.wound !== s.marked),
    stunKey: s.stun && s.stun !== "none" ? STUN_KEYS[s.stun] : null,
    nothing: !s.marked && (!s.stun || s.stun === "none") && s.tactics !== true,
    tactics: s.tactics === true,
    down: s.down === true,
    scaleDie: typeof s.scaleDie === "number" ? signed(s.scaleDie) : null,
    locationKey:
      typeof s.location === "string" && Object.hasOwn(FUDGE_LOCATION_KEYS, s.location)
        ? FUDGE_LOCATION_KEYS[s.location]
        : null,
  };
}

function sideView(s: SideSummary) {
  return {
    offense: ladderLabel(s.offense),
    defense: ladderLabel(s.defense),
    relativeDegree: signed(s.relativeDegree),
    hits: s.hits,
    damage: s.damage === null ? null : signed(s.damage),
    graze: s.graze,
    woundKey: s.wound ? FUDGE_WOUND_KEYS[s.wound] : null,
    scaleStopped: s.scaleStopped === true,
  };
}

function resultView(r: RowResult | null) {
  if (!r) return null;
  return {
    a: sideView(r.a),
    b: r.b ? sideView(r.b) : null,
    standOff: r.standOff,
    responseTotal: r.responseTotal === null ? null : ladderLabel(r.responseTotal),
  };
}

const header = (card: Card<unknown, unknown>) => ({ actorName: card.actor?.name ?? "" });

/** The check card: the rolled degree, against the difficulty or each target's answer. */
export function checkCardView(card: Card<FudgeCheckData, FudgeRow>, context: CardViewContext) {
  const d = card.data;
  return {
    ...header(card),
    traitName: d.traitName,
    rollHtml: context.rollHtml[0] ?? "",
    modifier: d.modifier ? signed(d.modifier) : null,
    penalty: d.penalty ? signed(d.penalty) : null,
    degree: ladderLabel(d.total),
    difficulty: d.difficulty === null ? null : ladderLabel(d.difficulty),
    success: d.difficulty === null ? null : d.total >= d.difficulty,
    margin: d.difficulty === null ? null : signed(d.total - d.difficulty),
    tactics: d.tactics === true,
    minimum: d.difficulty === null && d.minimum !== null && d.minimum !== undefined ? ladderLabel(d.minimum) : null,
    rows: card.targets.map((t, index) => {
      const result = resultView(t.data.result);
      const r = t.data.result;
      return {
        index,
        name: t.name,
        waiting: !r,
        result,
        // A leader's Tactics roll the other leader won: its bonus is applied on this row.
        tacticsWon: d.tactics === true && Boolean(r && r.a.relativeDegree < 0),
        applied: appliedView(t.applied?.summary),
        outcomeKey: !r
          ? null
          : r.standOff
            ? "ANTHOLOGY.Fudge.Card.tie"
            : r.a.hits
              ? "ANTHOLOGY.Fudge.Card.wins"
              : r.a.relativeDegree > 0
                ? "ANTHOLOGY.Fudge.Card.belowMinimum"
                : "ANTHOLOGY.Fudge.Card.loses",
      };
    }),
  };
}

/** The attack card: the attacker's roll, then per target the exchange and its wounds. */
export function attackCardView(
  card: Card<FudgeAttackData, FudgeRow>,
  context: CardViewContext,
  outcomes: ReadonlyArray<TargetOutcome | null> = [],
) {
  const d = card.data;
  const c = d.choices;
  const notes: Array<{
    key: string;
    data: Record<string, string>;
    woundKey?: string;
    partKey?: string;
    typeKey?: string;
  }> = [];
  if (!d.ranged && c.stance !== "normal") notes.push({ key: FUDGE_STANCE_KEYS[c.stance], data: {} });
  if (c.modifier) notes.push({ key: "ANTHOLOGY.Fudge.Card.modifier", data: { modifier: signed(c.modifier) } });
  if (c.foes > 1) notes.push({ key: "ANTHOLOGY.Fudge.Card.foes", data: { foes: String(c.foes) } });
  if (c.berserk) notes.push({ key: "ANTHOLOGY.Fudge.Dialog.berserk", data: {} });
  if (c.feint) notes.push({ key: "ANTHOLOGY.Fudge.Dialog.feint", data: {} });
  if (c.stun) notes.push({ key: "ANTHOLOGY.Fudge.Dialog.stun", data: {} });
  if (c.pull) notes.push({ key: "ANTHOLOGY.Fudge.Card.pulled", data: {}, woundKey: FUDGE_WOUND_KEYS[c.pull] });
  if (d.ranged) notes.push({ key: FUDGE_RANGE_KEYS[c.range], data: {} });
  // The shooter's call that its propelled missile is dodged at −3 (−2 goes without saying).
  if (d.ranged && !c.unopposed && c.dodgePenalty === 3) {
    notes.push({ key: "ANTHOLOGY.Fudge.Card.dodgeThree", data: {} });
  }
  if (c.unopposed) notes.push({ key: "ANTHOLOGY.Fudge.Card.unopposed", data: {} });
  if (c.aim) {
    notes.push({
      key: "ANTHOLOGY.Fudge.Card.aimed",
      data: { degree: String(aimDegree(c.aim)) },
      partKey: FUDGE_LOCATION_KEYS[c.aim],
    });
  } else if (c.location && c.attackType) {
    notes.push({ key: "ANTHOLOGY.Fudge.Card.attackType", data: {}, typeKey: FUDGE_ATTACK_TYPE_KEYS[c.attackType] });
  }
  if (c.mass) notes.push({ key: "ANTHOLOGY.Fudge.Card.mass", data: {} });
  if (!d.ranged && !c.mass && !c.unopposed && card.targets.length > 1) {
    notes.push({ key: "ANTHOLOGY.Fudge.Card.lone", data: {} });
  }
  if (c.arrows > 1) notes.push({ key: "ANTHOLOGY.Fudge.Card.volley", data: { arrows: String(c.arrows) } });
  if (d.penalty) notes.push({ key: "ANTHOLOGY.Fudge.Card.woundPenalty", data: { penalty: signed(d.penalty) } });
  return {
    ...header(card),
    weaponName: d.item?.name ?? null,
    traitName: d.traitName,
    rollHtml: context.rollHtml[0] ?? "",
    degree: ladderLabel(d.total),
    locationKey: d.location ? FUDGE_LOCATION_KEYS[d.location] : null,
    mass: c.mass,
    notes,
    noTarget: card.targets.length === 0,
    rows: card.targets.map((t, index) => {
      const result = resultView(t.data.result);
      return {
        index,
        name: t.name,
        waiting: t.data.opposed && !t.data.result,
        respondKey: d.ranged ? "ANTHOLOGY.Fudge.Card.dodge" : "ANTHOLOGY.Fudge.Card.defend",
        result,
        hit: Boolean(t.data.result?.a.hits),
        lossKey: c.mass && t.data.result?.a.wound ? FUDGE_LOSS_KEYS[UNIT_LOSSES[t.data.result.a.wound]] : null,
        applied: appliedView(t.applied?.summary),
        // The chances this target was to be hit, hurt and dropped (outcomes.ts), as one line.
        outcomes: outcomeViews(outcomes[index] ? [outcomes[index]] : []),
      };
    }),
  };
}

const RESPONSE_TITLES = Object.freeze({
  resist: "ANTHOLOGY.Fudge.Card.resists",
  defend: "ANTHOLOGY.Fudge.Card.defends",
  dodge: "ANTHOLOGY.Fudge.Card.dodges",
});

/** A response card: the responder's roll and, once linked, the exchange seen from its side. */
export function responseCardView(card: Card<FudgeResponseData, FudgeRow>, context: CardViewContext) {
  const d = card.data;
  const r = d.result;
  const row = card.targets[0];
  return {
    ...header(card),
    titleKey: RESPONSE_TITLES[d.mode],
    modifier: d.choices.modifier ? signed(d.choices.modifier) : null,
    against: d.mode === "defend" ? (card.targets[0]?.name ?? "") : "",
    traitName: d.traitName,
    degree: ladderLabel(d.total),
    rollHtml: context.rollHtml[0] ?? "",
    stanceKey: d.mode === "defend" && d.choices.stance !== "normal" ? FUDGE_STANCE_KEYS[d.choices.stance] : null,
    defendOnly: d.mode === "defend" && d.choices.defendOnly === true,
    // An NPC's answer on fewer dice (or none: its trait as the difficulty).
    diceKey:
      (d.choices.dice ?? 4) === 4
        ? null
        : d.choices.dice === 0
          ? "ANTHOLOGY.Fudge.Card.npcNoRoll"
          : "ANTHOLOGY.Fudge.Card.npcDice",
    dice: String(d.choices.dice ?? 4),
    waiting: !r,
    // The blow back, from this side: the attacker's result is the row's "a", ours is "b".
    hitBack: r?.b ? sideView(r.b) : null,
    attackerHits: r ? r.a.hits : false,
    standOff: r?.standOff ?? false,
    rows: row
      ? [
          {
            index: 0,
            name: row.name,
            hit: Boolean(r?.b?.hits),
            // Answering a leader's Tactics roll the roller won: its bonus is applied on this row.
            tacticsWon: d.mode === "resist" && Boolean(r?.a.hits),
            applied: appliedView(row.applied?.summary),
          },
        ]
      : [],
  };
}

export type { LadderLabel };
