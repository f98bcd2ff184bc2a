import type { ActChoice } from "../rules/act-choice";
import { actionSpeedPlan } from "../rules/action-speed";
import { ACTION_EXTRAS, COMBAT_ACTIONS, type CombatAction } from "../rules/actions";
import { ACTION_KEYS, SPEED_CLASS_KEYS } from "../rules/labels";
import { SPEED_CLASSES, speedFactorFormula, type SpeedClass } from "../rules/speed";

/** One option of the Act dialog's action list. */
export interface ActOption {
  readonly id: string;
  readonly labelKey: string;
  /** What it costs, as the table gives it: a formula (rolled) or a number (static); empty when it depends. */
  readonly cost: string;
  readonly selected: boolean;
}

export interface ActDialogContext {
  readonly name: string;
  readonly rolled: boolean;
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

/** The Act dialog's choices, grouped by speed class as the text's table is, then the other actions. */
export function actDialogContext(name: string, rolled: boolean, selected = "attack"): ActDialogContext {
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
    groups: [
      {
        labelKey: "ANTHOLOGY.TimeCount.Act.otherActions",
        options: [
          ...COMBAT_ACTIONS.filter((a) => a.speed.kind !== "class").map(option),
          { id: "custom", labelKey: ACTION_KEYS.custom!, cost: "", selected: selected === "custom" },
        ],
      },
      ...groups,
    ],
    speedClasses: SPEED_CLASSES.filter((c) => c !== "free").map((id) => ({
      id,
      labelKey: SPEED_CLASS_KEYS[id],
      cost: speedFactorFormula(id, { static: !rolled }).formula,
      selected: id === "standard",
    })),
    extras: Object.entries(ACTION_EXTRAS).map(([id, add]) => ({ id, labelKey: ACTION_KEYS[id]!, add })),
  };
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
  return {
    action: values.get("action") ?? "attack",
    weaponClass: values.get("weaponClass") || undefined,
    castingTime: number("castingTime"),
    speedFactor: number("speedFactor"),
    modifier: number("modifier"),
    steps: number("steps"),
    extras,
    fumble: values.get("fumble") === "on" || values.get("fumble") === "true",
  };
}
