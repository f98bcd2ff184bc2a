/**
 * Character Point dice and quick-drawn dice on initiative, rolled by the system: the owner chooses
 * them from the sheet before the roll ("before initiative is rolled, the player must announce"); they
 * are kept on the combatant until its next initiative roll, which adds them (whoever rolls: the owner,
 * or the GM's every-round roll); then the active GM posts a card whose row takes the Character Points
 * off the sheet, with Undo.
 */
import { SYSTEM_ID } from "../../../constants";
import { deleteKey } from "../../../foundry";
import { newCard } from "../../../play/card";
import { postCard, refOf, requestApply } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { warn } from "../../../play/notify";
import { hintLine } from "../../../play/roll-dialog";
import { mayRoll } from "../../../play/roller";
import { templatePath } from "../../../sheets/paths";
import { SKILL_KEYS } from "../data";
import {
  MAX_CP_PER_ROLL,
  WEAPON_SKILLS,
  initiativeWithExtras,
  quickDrawLeaves,
  toPips,
  type InitiativeExtras,
} from "../rules";
import { initiativeMethodSetting } from "../settings";
import type { OpenD6ActorDoc } from "./codes";
import { opend6InitiativeKind } from "./initiative-card";
import { isOpenD6Actor } from "./target";

export const OPEND6_INITIATIVE_DIALOG_TEMPLATE = templatePath("rulesets/opend6/initiative-dialog.hbs");

/** The combatant flag (system scope) holding what its owner chose for the next initiative roll. */
export const EXTRAS_FLAG = "opend6InitiativeExtras";

/** What the owner chose: Character Points, and the skill whose dice are quick-drawn. */
export interface DeclaredExtras extends InitiativeExtras {
  readonly skill: string;
}

interface CombatantDoc {
  readonly id: string;
  readonly actor: OpenD6ActorDoc | null;
  readonly initiative: number | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

interface CombatDoc {
  readonly id: string;
  readonly round: number;
  readonly combatants: Iterable<CombatantDoc>;
  rollInitiative(ids: string[]): Promise<unknown>;
}

const whole = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

/**
 * The extras a combatant's flag holds, checked against its actor now (read as untrusted: its owner
 * wrote it): Character Points it has (none without a GM to take them off), a weapon skill's dice that
 * leave at least 1D after the wound penalty. Null when there are none or they cannot be taken.
 */
export function extrasOf(combatant: unknown): DeclaredExtras | null {
  const c = combatant as Partial<CombatantDoc> | null;
  const actor = c?.actor;
  if (!c?.getFlag || !actor || !isOpenD6Actor(actor as never)) return null;
  const raw = c.getFlag(SYSTEM_ID, EXTRAS_FLAG) as Record<string, unknown> | null | undefined;
  if (!raw || typeof raw !== "object") return null;
  const characterPoints = whole(raw.characterPoints);
  const quickDraw = whole(raw.quickDraw);
  const skill = typeof raw.skill === "string" && WEAPON_SKILLS.includes(raw.skill) ? raw.skill : null;
  if (characterPoints === null || quickDraw === null || skill === null) return null;
  if (characterPoints > Math.min(MAX_CP_PER_ROLL, actor.system.characterPoints ?? 0)) return null;
  const derived = actor.system.derived;
  const skillPips = toPips(derived.skills[skill]?.code ?? "0D");
  if (!quickDrawLeaves(skillPips, derived.woundPenalty, quickDraw)) return null;
  // Character Points are taken off by the GM: without one connected, none are added.
  const gm = Boolean(game.users?.activeGM);
  const extras = { characterPoints: gm ? characterPoints : 0, quickDraw, skill };
  return extras.characterPoints || extras.quickDraw ? extras : null;
}

/** The rounds tracker's `initiativeFormula`: the Perception roll with the combatant's extras (a roll only). */
export function initiativeFormulaOf(combatant: unknown, formula: string): string {
  const extras = extrasOf(combatant);
  const actor = (combatant as { actor?: OpenD6ActorDoc | null }).actor;
  if (!extras || !actor || initiativeMethodSetting() === "firstAction") return formula;
  const derived = actor.system.derived;
  return initiativeWithExtras(derived.attributes.perception, derived.initiative.bonus, extras);
}

/** The actor's combatant in the combat on screen, or null. */
function combatantOf(actor: OpenD6ActorDoc): { combat: CombatDoc; combatant: CombatantDoc } | null {
  const combat = (game as unknown as { combat?: CombatDoc | null }).combat ?? null;
  if (!combat) return null;
  const combatant = [...combat.combatants].find((c) => c.actor?.uuid === actor.uuid);
  return combatant ? { combat, combatant } : null;
}

/** The dialog's answers read from its form, bounded. */
export function extrasFromForm(entries: Iterable<[string, unknown]>, skills: readonly string[]): DeclaredExtras {
  const values = new Map<string, unknown>(entries);
  const number = (key: string, max: number) => {
    const n = Number(values.get(key));
    return Number.isFinite(n) ? Math.max(0, Math.min(max, Math.trunc(n))) : 0;
  };
  const skill = values.get("quickDrawSkill");
  return {
    characterPoints: number("characterPoints", MAX_CP_PER_ROLL),
    quickDraw: number("quickDraw", 20),
    skill: typeof skill === "string" && skills.includes(skill) ? skill : (skills[0] ?? "marksmanship"),
  };
}

/**
 * The sheet's Initiative button: the owner chooses Character Points and quick-drawn dice for the
 * combatant's next initiative roll, which is rolled now when the combatant has none yet.
 */
export async function chooseInitiative(actor: OpenD6ActorDoc): Promise<boolean> {
  if (!mayRoll(actor, "ANTHOLOGY.OpenD6.Errors.notYours")) return false;
  const found = combatantOrWarn(actor);
  if (!found) return false;
  const derived = actor.system.derived;
  const skills = WEAPON_SKILLS.filter((s) => derived.skills[s]);
  const formula = (extras: InitiativeExtras) =>
    initiativeWithExtras(derived.attributes.perception, derived.initiative.bonus, extras);
  const choices = await promptRoll({
    title: game.i18n!.format("ANTHOLOGY.OpenD6.Initiative.title", { name: actor.name }),
    template: OPEND6_INITIATIVE_DIALOG_TEMPLATE,
    view: {
      characterPointsLeft: actor.system.characterPoints,
      skills: skills.map((id) => ({ id, labelKey: SKILL_KEYS[id] ?? "", code: derived.skills[id]!.code })),
      formula: formula({ characterPoints: 0, quickDraw: 0 }),
    },
    okLabel: "ANTHOLOGY.OpenD6.Initiative.ok",
    read: (form) => extrasFromForm(form.entries(), skills),
    line: (extras) => hintLine(formula(extras), null, { formula: "", vs: null }),
  });
  if (!choices) return false;
  if (choices.characterPoints > actor.system.characterPoints) {
    warn("ANTHOLOGY.OpenD6.Errors.noCharacterPoints", {
      name: actor.name,
      asked: choices.characterPoints,
      left: actor.system.characterPoints,
    });
    return false;
  }
  if (choices.characterPoints > 0 && !game.users?.activeGM) {
    warn("ANTHOLOGY.OpenD6.Errors.spendNeedsGm", { name: actor.name });
    return false;
  }
  const skillPips = toPips(derived.skills[choices.skill]?.code ?? "0D");
  if (!quickDrawLeaves(skillPips, derived.woundPenalty, choices.quickDraw)) {
    warn("ANTHOLOGY.OpenD6.Errors.quickDraw", { name: actor.name });
    return false;
  }
  const { combat, combatant } = found;
  await combatant.update({ [`flags.${SYSTEM_ID}.${EXTRAS_FLAG}`]: choices });
  if (combatant.initiative === null) await combat.rollInitiative([combatant.id]);
  else warn("ANTHOLOGY.OpenD6.Initiative.nextRoll", { name: actor.name });
  return true;
}

function combatantOrWarn(actor: OpenD6ActorDoc) {
  if (initiativeMethodSetting() === "firstAction") {
    warn("ANTHOLOGY.OpenD6.Initiative.noRoll");
    return null;
  }
  const found = combatantOf(actor);
  if (!found) warn("ANTHOLOGY.OpenD6.Initiative.noCombat", { name: actor.name });
  return found;
}

/**
 * The active GM's `updateCombatant`: an initiative just rolled with extras uses them up. The GM posts
 * the card that records them and applies its row (the Character Points come off the sheet, with Undo).
 */
export async function onUpdateCombatant(combatant: unknown, changed: { initiative?: unknown }): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("initiative" in changed) || typeof changed.initiative !== "number") return;
  const c = combatant as CombatantDoc;
  if (!c.getFlag || c.getFlag(SYSTEM_ID, EXTRAS_FLAG) === undefined) return;
  const extras = extrasOf(c);
  await c.update(deleteKey(`flags.${SYSTEM_ID}.${EXTRAS_FLAG}`));
  const actor = c.actor;
  if (!extras || !actor) return;
  const card = newCard({
    ruleSet: "opend6",
    kind: opend6InitiativeKind.id,
    actor: refOf(actor),
    data: { ...extras, initiative: changed.initiative },
    targets: [{ ...refOf(actor), data: {} }],
  });
  const message = await postCard({ kind: opend6InitiativeKind, card, rolls: [], speaker: { actor } });
  if (extras.characterPoints > 0) await requestApply(message, 0);
}
