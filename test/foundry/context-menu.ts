/**
 * Foundry's ContextMenu as it reads the entries it is given (NOTES-v14.md §6): v13 reads `{name,
 * condition, callback(target)}`; v14 reads `{label, visible, onClick(event, target)}` and still takes
 * v13's keys, with a deprecation warning for each. An entry this generation cannot read throws.
 */
import { deprecated, standInGeneration } from "./generation";

type Target = unknown;

/** One entry as the menu shows and runs it. */
export interface MenuItem {
  readonly label: string;
  readonly icon: string;
  visible(target: Target): boolean;
  click(target: Target): Promise<unknown>;
}

type Raw = Record<string, unknown>;

export function readContextMenu(entries: readonly object[]): MenuItem[] {
  const v14 = standInGeneration() === 14;
  return entries.map((e) => {
    const raw = e as Raw;
    const old = ["name", "condition", "callback"].filter((k) => k in raw);
    if (v14)
      for (const k of old) deprecated(`ContextMenuEntry#${k} is deprecated (since Version 14, until Version 16)`);
    const label = (v14 ? (raw.label ?? raw.name) : raw.name) as string | undefined;
    const shown = (v14 ? (raw.visible ?? raw.condition) : raw.condition) as
      boolean | ((t: Target) => boolean) | undefined;
    const onClick = v14 ? (raw.onClick as ((event: unknown, t: Target) => unknown) | undefined) : undefined;
    const callback = raw.callback as ((t: Target) => unknown) | undefined;
    if (typeof label !== "string" || (!onClick && !callback))
      throw new Error(`Foundry v${standInGeneration()} cannot read this menu entry`);
    return {
      label,
      icon: String(raw.icon ?? ""),
      visible: (t) => (typeof shown === "function" ? shown(t) : shown !== false),
      click: async (t) => (onClick ? onClick(null, t) : callback!(t)),
    };
  });
}
