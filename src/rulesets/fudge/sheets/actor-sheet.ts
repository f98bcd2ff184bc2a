import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import { compactSheet } from "../../../sheets/compact-sheet";
import { rowItemAction } from "../../../sheets/item-controls";
import type { SheetActor } from "../../../sheets/sheet-actor";
import { NOTES_TAB, primaryTabs } from "../../../sheets/tabs";
import { EFFECTS_TAB } from "../../../sheets/effects-tab";
import { WOUNDS, type Wound } from "../rules/combat";
import { FUDGE_ATTRIBUTES, afterBattleTrue, healTrue, storedTruth, trueNote, type FudgeAttribute } from "../rules/play";
import { truthOf } from "../data/source";

/** A stored track as the update's `system.*` fields. */
const prefixed = (stored: ReturnType<typeof storedTruth>) => ({
  "system.wounds": stored.wounds,
  "system.trueWounds": stored.trueWounds,
});
import type { FudgeActorDerived, FudgeActorSystem } from "../data/actor";
import { rollAttack, rollCheck, rollTactics, type FudgeActor } from "../chat/flow";
import { FUDGE_ACTOR_PARTS } from "./parts";
import { fudgeActorView } from "./view";
import { fudgeTables } from "../settings";

interface FudgeActorDocument extends SheetActor<FudgeActorSystem & FudgeActorDerived> {
  readonly isOwner: boolean;
  update(data: object): Promise<unknown>;
  toggleStatusEffect(id: string, options: { active: boolean }): Promise<unknown>;
}

/**
 * The FUDGE character sheet: the wound track, stance and pain threshold in the header; attributes,
 * skills, gifts and faults on one tab; weapons, armor, shields, Scale and movement on the other.
 */
export class FudgeActorSheet extends AnthologyActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["fudge"],
    position: { width: 640, height: 720 },
    actions: {
      ...AnthologyActorSheet.ITEM_ACTIONS,
      fudgeCheck: FudgeActorSheet.#check,
      fudgeSkill: FudgeActorSheet.#skill,
      fudgeAttack: rowItemAction(rollAttack),
      fudgeUnarmed: FudgeActorSheet.#unarmed,
      fudgeWound: FudgeActorSheet.#wound,
      fudgeHeal: FudgeActorSheet.#heal,
      fudgeAfterBattle: FudgeActorSheet.#afterBattle,
      fudgeClearStun: FudgeActorSheet.#clearStun,
      fudgeTactics: FudgeActorSheet.#tactics,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = FUDGE_ACTOR_PARTS;

  static override TABS = primaryTabs(
    { id: "traits", icon: "fa-solid fa-stairs", label: "ANTHOLOGY.Fudge.Sheet.Tabs.traits" },
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.Fudge.Sheet.Tabs.combat" },
    EFFECTS_TAB,
    NOTES_TAB,
  );

  get fudgeActor(): FudgeActorDocument {
    return this.document as unknown as FudgeActorDocument;
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.fudgeActor;
    return {
      ...(await super._prepareContext(options)),
      fudge: fudgeActorView(actor.system, actor.items.contents, fudgeTables().wounds),
    };
  }

  static async #check(this: FudgeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.dataset.attribute as FudgeAttribute | undefined;
    if (!id || !FUDGE_ATTRIBUTES.includes(id)) return;
    await rollCheck(this.document as unknown as FudgeActor, { kind: "attribute", id });
  }

  static async #skill(this: FudgeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (id) await rollCheck(this.document as unknown as FudgeActor, { kind: "skill", id });
  }

  static async #unarmed(this: FudgeActorSheet): Promise<void> {
    await rollAttack(this.document as unknown as FudgeActor, null);
  }

  /** A box of the wound track: marking the first open one, or clearing the last marked one. */
  static async #wound(this: FudgeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const level = target.dataset.wound as Wound | undefined;
    const index = Number(target.dataset.index);
    if (!level || !WOUNDS.includes(level) || !Number.isInteger(index)) return;
    const marked = this.fudgeActor.system.wounds[level] ?? 0;
    const count = index < marked ? index : index + 1;
    // A box marked by hand is a wound of its own level; clearing drops the last boxes' notes.
    const notes = truthOf(this.fudgeActor as never)[level].slice(0, count);
    while (notes.length < count) notes.push(level);
    await this.fudgeActor.update({
      [`system.wounds.${level}`]: count,
      [`system.trueWounds.${level}`]: trueNote(notes),
    });
  }

  /** Every wound one level better (a week of rest, or a Good healing result; Great heals 2, Superb 3). */
  static async #heal(this: FudgeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const levels = Math.max(1, Math.min(3, Number(target.dataset.levels) || 1));
    await this.fudgeActor.update(prefixed(storedTruth(healTrue(truthOf(this.fudgeActor as never), levels))));
  }

  /** Scratches (and stuns) heal once the fight is over. */
  static async #afterBattle(this: FudgeActorSheet): Promise<void> {
    await this.fudgeActor.update({
      ...prefixed(storedTruth(afterBattleTrue(truthOf(this.fudgeActor as never)))),
      "system.stunned": 0,
      "system.stunTaken": false,
      // A won Tactics roll counts for the combat at hand only.
      "system.tactics": 0,
    });
  }

  /** A unit leader's Tactics roll against the targeted opposing leader. */
  static async #tactics(this: FudgeActorSheet): Promise<void> {
    await rollTactics(this.document as unknown as FudgeActor);
  }

  static async #clearStun(this: FudgeActorSheet): Promise<void> {
    await this.fudgeActor.update({ "system.stunned": 0 });
    await this.fudgeActor.toggleStatusEffect("stun", { active: false });
  }
}

/** The FUDGE NPC sheet: the same data and controls in one compact page. */
export class FudgeNpcSheet extends compactSheet(FudgeActorSheet, { width: 600, height: 680 }) {}
