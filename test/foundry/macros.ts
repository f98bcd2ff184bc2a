/**
 * Macros and the hotbar, reduced to what Anthology's hotbar drop uses (v13 and v14 alike): the world's
 * Macro documents in `game.macros`, `Macro.implementation.create` (the server makes the creating user the
 * author and stores the command as given; a script macro needs the user's "Use Script Macros"
 * permission, which players have by default), and `User#assignHotbarMacro` (a user fills their own
 * hotbar's slots 1 to 50 with macros that exist).
 */
import { Collection } from "./documents";

let nextId = 0;

interface HotbarUser {
  id: string;
  isGM: boolean;
  /** False for a user whose role lacks the MACRO_SCRIPT permission. */
  macroScript?: boolean;
  hotbar?: Record<string, string>;
  assignHotbarMacro?(macro: StandInMacro | null, slot: number): Promise<unknown>;
}

const game = () => (globalThis as unknown as { game: { user: HotbarUser; macros: Collection<StandInMacro> } }).game;

export class StandInMacro {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly img: string;
  readonly command: string;
  readonly author: string;
  readonly flags: Record<string, unknown>;
  constructor(data: Record<string, unknown>, author: string) {
    this.id = `macro${(nextId += 1).toString().padStart(11, "0")}`;
    this.name = String(data.name ?? "");
    this.type = String(data.type ?? "chat");
    this.img = String(data.img ?? "icons/svg/dice-target.svg");
    this.command = String(data.command ?? "");
    this.author = author;
    this.flags = structuredClone((data.flags ?? {}) as Record<string, unknown>);
  }
  get uuid(): string {
    return `Macro.${this.id}`;
  }
  get isAuthor(): boolean {
    return game().user.id === this.author;
  }
}

/** Puts `Macro`, `game.macros` and each user's hotbar in place. */
export function installMacros(g: Record<string, unknown>, users: Map<string, HotbarUser>): void {
  const gameObject = g.game as Record<string, unknown>;
  gameObject.macros = new Collection<StandInMacro>();
  g.Macro = {
    implementation: {
      documentName: "Macro",
      async create(data: Record<string, unknown>): Promise<StandInMacro> {
        const user = game().user;
        if (!data.name) throw new Error("Macro validation failed: name may not be blank");
        if (data.type === "script" && !user.isGM && user.macroScript === false) {
          throw new Error(`User ${user.id} lacks permission to create script Macros`);
        }
        const macro = new StandInMacro(data, user.id);
        game().macros.set(macro.id, macro);
        return macro;
      },
    },
  };
  for (const user of users.values()) withHotbar(user);
  // Users who connect later (a test's other players) have a hotbar too.
  const set = users.set.bind(users);
  users.set = (id: string, user: HotbarUser) => set(id, withHotbar(user));
}

function withHotbar(user: HotbarUser): HotbarUser {
  user.hotbar ??= {};
  user.assignHotbarMacro = async function (this: HotbarUser, macro: StandInMacro | null, slot: number) {
    if (!Number.isInteger(slot) || slot < 1 || slot > 50) throw new Error(`Invalid Hotbar slot ${slot}`);
    if (macro && !game().macros.get(macro.id)) throw new Error("The Macro must exist in the world");
    if (macro) this.hotbar![String(slot)] = macro.id;
    else delete this.hotbar![String(slot)];
    return this;
  };
  return user;
}
