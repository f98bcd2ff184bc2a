/**
 * OpenD6's modifier tables as a GM edits them in world settings: range, cover, called shots, hit
 * locations (difficulty and damage), the difficulty ladder and the healing difficulties. Each is text,
 * "Point Blank -5, Short 0, Medium 5, Long 10": a row's words and its numbers, rows separated by
 * commas, semicolons or new lines. A row that cannot be read is reported and its default kept, so an
 * edit never loses a row. Plain text in, plain data out.
 */
import { COVER_MODIFIER, RANGE_MODIFIER, type CombatTables } from "./attack";
import { WOUND_WORDS } from "./charts";
import type { WoundLevel } from "./combat";
import { WOUND_HEALING_DIFFICULTY } from "./healing";
import { CALLED_SHOT_DIFFICULTY, HIT_LOCATION_MODIFIER, type OptionTables } from "./options";
import { DIFFICULTIES } from "./traits";

type Hurt = Exclude<WoundLevel, "none">;
type DifficultyId = (typeof DIFFICULTIES)[number]["id"];

/** Each table's rows as the setting names them, and each row's default numbers. */
export const TABLE_ROWS = Object.freeze({
  range: { pointBlank: "Point Blank", short: "Short", medium: "Medium", long: "Long" },
  cover: { quarter: "Quarter", half: "Half", threeQuarters: "Three Quarters" },
  calledShot: { small: "Small", tiny: "Tiny", minute: "Minute" },
  location: { head: "Head", torso: "Torso", arm: "Arm", leg: "Leg", hand: "Hand" },
  difficulty: {
    veryEasy: "Very Easy",
    easy: "Easy",
    moderate: "Moderate",
    difficult: "Difficult",
    veryDifficult: "Very Difficult",
    heroic: "Heroic",
  },
  healing: WOUND_WORDS,
});
export type TableName = keyof typeof TABLE_ROWS;

/**
 * The tables the code reads, as numbers: the attack's and the options' (a hit location's difficulty and
 * damage; the text's rule on the damage bonus stays), the difficulty ladder and the healing difficulties.
 */
export interface OpenD6Tables extends CombatTables, OptionTables {
  readonly difficulty: Readonly<Record<DifficultyId, number>>;
  readonly healing: Readonly<Record<Hurt, number>>;
}

const single = <K extends string>(values: Readonly<Record<K, number>>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v]])) as Record<K, number[]>;

/** Each table's default rows as numbers (the constants the rules are written with). */
const DEFAULT_ROWS: Readonly<Record<TableName, Readonly<Record<string, readonly number[]>>>> = {
  range: single(RANGE_MODIFIER),
  cover: single(COVER_MODIFIER),
  calledShot: single(CALLED_SHOT_DIFFICULTY),
  location: Object.fromEntries(Object.entries(HIT_LOCATION_MODIFIER).map(([k, m]) => [k, [m.difficulty, m.damage]])),
  difficulty: Object.fromEntries(DIFFICULTIES.map((d) => [d.id, [d.value]])),
  healing: single(WOUND_HEALING_DIFFICULTY),
};

/** A table as setting text: "Point Blank -5, Short 0, ...". */
export function formatTable(name: TableName, rows = DEFAULT_ROWS[name]): string {
  return Object.entries(TABLE_ROWS[name])
    .map(([id, words]) => `${words} ${rows[id]!.join(" ")}`)
    .join(", ");
}

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

/**
 * Reads a typed table: each row its words (any case and spacing) and as many whole numbers as the
 * table has columns (-999 to 999, a sign allowed). A row that is not one, or named twice, is reported
 * (as typed) and keeps its default; rows not typed keep theirs.
 */
export function parseTable(name: TableName, text: unknown): { rows: Record<string, number[]>; unread: string[] } {
  const defaults = DEFAULT_ROWS[name];
  const rows: Record<string, number[]> = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, [...v]]));
  const unread: string[] = [];
  if (typeof text !== "string") return { rows, unread };
  const seen = new Set<string>();
  for (const raw of text.split(/[,;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const words = entry.split(/\s+/);
    const numbers: number[] = [];
    while (words.length > 1 && /^[+\-−]?\d{1,3}$/.test(words.at(-1)!)) {
      numbers.unshift(Number(words.pop()!.replace("−", "-")));
    }
    const wanted = squash(words.join(""));
    const id = Object.keys(TABLE_ROWS[name]).find(
      (k) => squash(k) === wanted || squash((TABLE_ROWS[name] as Record<string, string>)[k]!) === wanted,
    );
    if (!id || seen.has(id) || numbers.length !== defaults[id]!.length) {
      unread.push(entry);
      continue;
    }
    seen.add(id);
    rows[id] = numbers;
  }
  return { rows, unread };
}

/** The tables from each one's setting text (read by `text`); a default stands for what cannot be read. */
export function readTables(text: (name: TableName) => unknown = () => undefined): OpenD6Tables {
  const first = (name: TableName) =>
    Object.fromEntries(Object.entries(parseTable(name, text(name)).rows).map(([k, v]) => [k, v[0]!]));
  const location = parseTable("location", text("location")).rows;
  return {
    range: first("range") as OpenD6Tables["range"],
    cover: first("cover") as OpenD6Tables["cover"],
    calledShot: first("calledShot") as OpenD6Tables["calledShot"],
    location: Object.fromEntries(
      Object.entries(HIT_LOCATION_MODIFIER).map(([k, m]) => [
        k,
        { ...m, difficulty: location[k]![0]!, damage: location[k]![1]! },
      ]),
    ) as unknown as OpenD6Tables["location"],
    difficulty: first("difficulty") as OpenD6Tables["difficulty"],
    healing: first("healing") as OpenD6Tables["healing"],
  };
}

/** The tables as the rules are written (no world edits). */
export const DEFAULT_TABLES: OpenD6Tables = readTables();
