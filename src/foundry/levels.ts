/**
 * Scene Levels (v14, NOTES-v14.md §9): a token stands on one Level of its scene (`TokenDocument#level`);
 * two tokens side by side on the grid may be a floor apart. v13 scenes have one level.
 */
import { isV14 } from "./generation";
import type { TokenLevelV14 } from "./v14-shapes";

/** Whether two tokens stand on the same Level (always on v13). */
export function sameLevel(a: object, b: object): boolean {
  if (!isV14()) return true;
  return ((a as TokenLevelV14).level ?? null) === ((b as TokenLevelV14).level ?? null);
}

/** A point of a token's move with its Level: its own (v14 waypoints carry one), else the token's. */
export function atLevel<P extends object>(point: P, token: object): P {
  if (!isV14() || (point as TokenLevelV14).level != null) return point;
  return { ...point, level: (token as TokenLevelV14).level ?? null };
}
