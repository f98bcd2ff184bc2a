import type { OddsHint } from "../dice/odds-hint";
import { promptRoll, type RollLine } from "./dialog";

/**
 * A rule set's roll dialogs (on the shared dialog, dialog.ts): each kind of roll has its title (an
 * i18n key given the roller's or the item's name), over one template and one Roll button.
 */
export function kindDialogs<K extends string>(spec: {
  readonly template: string;
  readonly titles: Readonly<Record<K, string>>;
  readonly okLabel: string;
}) {
  return <C>(
    kind: K,
    name: string,
    parts: {
      readonly view: object;
      readonly read: (form: FormData) => C;
      readonly line?: (choices: C) => RollLine;
    },
  ): Promise<C | null> =>
    promptRoll({
      title: game.i18n!.format(spec.titles[kind], { name }),
      template: spec.template,
      okLabel: spec.okLabel,
      ...parts,
    });
}

/** A roll line whose text is the rules' hint in the user's language (none without a hint). */
export function hintLine(formula: string, hint: OddsHint | null | undefined, odds: RollLine["odds"]): RollLine {
  return { formula, text: hint ? game.i18n!.format(hint.key, { ...hint.data }) : "", odds };
}
