import { ActorSheetBase, type TabSpec } from "./foundry-bases";
import { documentContext } from "./context";
import { ACTOR_PARTS, LIMITED_ACTOR_PARTS } from "./parts";
import { withPartTab } from "./tabs";

/**
 * The sheet every actor type starts from: portrait, name, rule set, health track and notes.
 * Rule sets extend it with their own PARTS and tabs.
 */
export class AnthologyActorSheet extends ActorSheetBase {
  static DEFAULT_OPTIONS: Record<string, unknown> = {
    classes: ["anthology", "sheet", "actor"],
    position: { width: 560, height: 620 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS: Record<string, { template: string; scrollable?: string[] }> = ACTOR_PARTS;

  static TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
    primary: {
      tabs: [{ id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" }],
      initial: "notes",
    },
  };

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...(await documentContext(this.document, "Actor", "notes")) };
  }

  /** A Limited viewer gets the portrait, the name and the notes' public part, never the numbers. */
  override _configureRenderParts(options: unknown): Record<string, { template: string; scrollable?: string[] }> {
    const limited = (this.document as unknown as { limited?: boolean }).limited === true;
    return limited ? { ...LIMITED_ACTOR_PARTS } : super._configureRenderParts(options);
  }

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    return withPartTab(partId, await super._preparePartContext(partId, context, options));
  }
}
