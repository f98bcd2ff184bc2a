import type { ActChoice } from "../rules/act-choice";
import { actionSpeedPlan } from "../rules/action-speed";
import { ACTION_EXTRAS, COMBAT_ACTIONS, type CombatAction } from "../rules/actions";
import { ACTION_KEYS, SPEED_CLASS_KEYS, STANCE_KEYS } from "../rules/labels";
import { HOD_WEAPON_TYPE } from "../data/source";
import { SPEED_CLASSES, isSpeedClass, speedFactorFormula, type SpeedClass } from "../rules/speed";
import { num } from "../rules/derive";
import { petrificationEffects } from "../rules/afflictions";
import { movementOnCount, movementRow, paceSpeed } from "../rules/movement";
import { STANCES, halvesMovement } from "../rules/stances";

/** One option of the Act dialog's action list. */
export interface ActOption {
  readonly id: string;
  readonly labelKey: string;
  /** What it costs, as the table gives it: a formula (rolled) or a number (static); empty when it depends. */
  readonly cost: string;
  readonly selected: boolean;
}

/** One of the actor's weapons as the Act dialog offers it: its name and its speed class (and its item's id). */
export interface ActWeapon {
  readonly name: string;
  readonly speedClass: SpeedClass;
  readonly id?: string;
}

export interface ActDialogContext {
  readonly name: string;
  readonly rolled: boolean;
  /** A GM acts: an SF or a casting time may be given outright (a player's are worked out by the GM). */
  readonly gm: boolean;
  /** The actor's equipped weapons (the first is preselected), each with its speed class and cost. */
  readonly weapons: ReadonlyArray<
    ActWeapon & {
      readonly labelKey: string;
      readonly cost: string;
      readonly selected: boolean;
      /** The option's value: its speed class, and the item's id after a colon (`actChoiceFromForm`). */
      readonly value: string;
    }
  >;
  readonly groups: ReadonlyArray<{ readonly labelKey: string; readonly options: readonly ActOption[] }>;
  readonly speedClasses: ReadonlyArray<{
    readonly id: SpeedClass;
    readonly labelKey: string;
    readonly cost: string;
    readonly selected: boolean;
  }>;
  readonly extras: ReadonlyArray<{ readonly id: string; readonly labelKey: string; readonly add: number }>;
}

/** What an action costs as the rules give it (a formula, or the static number); empty when it depends. */
function cost(action: CombatAction, rolled: boolean): string {
  const kind = action.speed.kind;
  return kind === "weapon" || kind === "castingTime" ? "" : actionSpeedPlan(action, { static: !rolled }).base;
}

/**
 * The Act dialog's choices, grouped by speed class as the text's table is, then the other actions;
 * "another action (enter its SF)" and a casting time in TC only for a GM (`gm` false: a player's,
 * whose speeds the GM works out).
 */
export function actDialogContext(
  name: string,
  rolled: boolean,
  selected = "attack",
  weapons: readonly ActWeapon[] = [],
  options: { readonly gm?: boolean } = {},
): ActDialogContext {
  const option = (action: CombatAction): ActOption => ({
    id: action.id,
    labelKey: ACTION_KEYS[action.id]!,
    cost: cost(action, rolled),
    selected: action.id === selected,
  });
  const groups = SPEED_CLASSES.map((speedClass) => ({
    labelKey: SPEED_CLASS_KEYS[speedClass],
    options: COMBAT_ACTIONS.filter((a) => a.speed.kind === "class" && a.speed.speedClass === speedClass).map(option),
  })).filter((g) => g.options.length > 0);
  return {
    name,
    rolled,
    gm: options.gm !== false,
    weapons: weapons.map((w, i) => ({
      ...w,
      value: w.id ? `${w.speedClass}${WEAPON_ID}${w.id}` : w.speedClass,
      labelKey: SPEED_CLASS_KEYS[w.speedClass],
      cost: speedFactorFormula(w.speedClass, { static: !rolled }).formula,
      selected: i === 0,
    })),
    groups: [
      {
        labelKey: "ANTHOLOGY.TimeCount.Act.otherActions",
        options: [
          ...COMBAT_ACTIONS.filter((a) => a.speed.kind !== "class").map(option),
          ...(options.gm === false
            ? []
            : [{ id: "custom", labelKey: ACTION_KEYS.custom!, cost: "", selected: selected === "custom" }]),
        ],
      },
      ...groups,
      {
        // Shifting into a stance by hand (its shift speed), or leaving one (its own speed, given when recorded).
        labelKey: "ANTHOLOGY.HoD.ActStances.group",
        options: [
          ...HAND_STANCES.map((id) => ({
            id: `${STANCE_ACTION}${id}`,
            labelKey: STANCE_KEYS[id].name,
            cost: speedFactorFormula(STANCES[id].shift, { static: !rolled }).formula,
            selected: false,
          })),
          { id: "basicStance", labelKey: "ANTHOLOGY.HoD.ActStances.basic", cost: "", selected: false },
        ],
      },
    ],
    speedClasses: SPEED_CLASSES.filter((c) => c !== "free").map((id) => ({
      id,
      labelKey: SPEED_CLASS_KEYS[id],
      cost: speedFactorFormula(id, { static: !rolled }).formula,
      selected: weapons.length === 0 && id === "standard",
    })),
    extras: Object.entries(ACTION_EXTRAS).map(([id, add]) => ({ id, labelKey: ACTION_KEYS[id]!, add })),
  };
}

/**
 * The stances the Act dialog shifts into by hand: all but prone (the table's "Drop to the floor") and
 * Spellcasting (entered by preparing a spell).
 */
export const HAND_STANCES = Object.freeze(["cautious", "crouch", "parrying", "poised"] as const);
/** An action option that shifts into a stance: this prefix and the stance's id. */
const STANCE_ACTION = "stance:";

/** What separates a weapon option's speed class from its item's id in the Act dialog's value. */
const WEAPON_ID = ":";

/** A weapon select's value: its speed class, and the item picked when it names one. */
function weaponValue(raw: string | undefined): { speedClass: string | undefined; item: string | undefined } {
  const [speedClass, item] = (raw ?? "").split(WEAPON_ID, 2);
  return { speedClass: speedClass || undefined, item: item || undefined };
}

/** Reads the Act dialog's form (name/value pairs, as FormData gives them) into a choice. */
export function actChoiceFromForm(entries: Iterable<[string, unknown]>): ActChoice {
  const values = new Map<string, string>();
  const extras: string[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    if (name === "extras") extras.push(value);
    else values.set(name, value);
  }
  const number = (name: string): number | undefined => {
    const raw = values.get(name)?.trim();
    return raw === undefined || raw === "" ? undefined : Number(raw);
  };
  const main = weaponValue(values.get("weaponClass"));
  const picked = values.get("action") ?? "attack";
  const stance = picked.startsWith(STANCE_ACTION) ? picked.slice(STANCE_ACTION.length) : null;
  return {
    action: stance === null ? picked : "stance",
    ...(stance === null ? {} : { stance }),
    weaponClass: main.speedClass,
    ...(main.item ? { weapon: main.item } : {}),
    castingTime: number("castingTime"),
    speedFactor: number("speedFactor"),
    modifier: number("modifier"),
    steps: number("steps"),
    extras,
    fumble: values.get("fumble") === "on" || values.get("fumble") === "true",
    alternating: values.get("alternating") === "on" || values.get("alternating") === "true",
    offHandClass: weaponValue(values.get("offHandClass")).speedClass,
    ...(values.get("action") === "move" ? { pace: values.get("pace") ?? "base", moveCount: number("moveCount") } : {}),
  };
}

/**
 * The Act dialog's Move: the movement's next consecutive count (after `last`, the count of the
 * combatant's previous act when it was a move) and, for each pace, the rate and the squares it allows
 * on that count and on the next four, from the actor's speed slowed by petrification and halved by its
 * stance (Spellcasting, Parrying).
 */
export function actMove(actor: object | null, last: unknown) {
  const s = (actor as { system?: { speed?: unknown; petrification?: unknown; stance?: unknown } } | null)?.system;
  const base = num(s?.speed, 20);
  const quarters = petrificationEffects(num(s?.petrification)).speedQuarters;
  const half = halvesMovement(String(s?.stance ?? ""));
  const count = (typeof last === "number" && Number.isInteger(last) && last > 0 ? last : 0) + 1;
  return {
    count,
    paces: (["base", "run", "sprint"] as const).map((pace) => {
      // Sprinting as the least success gives it (check 10); more on the check moves faster.
      const feet = paceSpeed(base, pace, { quarters, check: 10, half });
      return {
        id: pace,
        labelKey: MOVE_PACE_KEYS[pace],
        feet,
        squares: movementOnCount(feet, count),
        row: movementRow(feet).join(" "),
        selected: pace === "base",
      };
    }),
  };
}

const MOVE_PACE_KEYS = {
  base: "ANTHOLOGY.HoD.Move.base",
  run: "ANTHOLOGY.HoD.Move.run",
  sprint: "ANTHOLOGY.HoD.Move.sprint",
} as const;

interface WeaponItem {
  readonly id?: string;
  readonly name?: string;
  readonly type?: string;
  readonly system?: { readonly equipped?: boolean; readonly speedClass?: string; readonly category?: string };
}

/**
 * The weapons an actor has in hand for the Act dialog: its equipped hod-weapons that are not spells
 * (a spell is cast at SF 1), each with its speed class, by name.
 */
export function actWeapons(actor: object | null): ActWeapon[] {
  const items = (actor as { items?: { contents?: readonly WeaponItem[] } } | null)?.items?.contents ?? [];
  return items
    .filter((i) => i.type === HOD_WEAPON_TYPE && i.system?.equipped !== false && i.system?.category !== "spell")
    .flatMap((i) =>
      isSpeedClass(i.system?.speedClass) && i.system.speedClass !== "free"
        ? [{ name: String(i.name ?? ""), speedClass: i.system.speedClass, ...(i.id ? { id: i.id } : {}) }]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
