import { isOneOf, labelKeys } from "../../common";

/** The six body parts The Fade hits, called shots target and armor covers. */
export const BODY_PARTS = Object.freeze(["head", "rightArm", "leftArm", "body", "rightLeg", "leftLeg"] as const);

export type BodyPart = (typeof BODY_PARTS)[number];

/** A number for each body part (Deflection, for instance). */
export type PerBodyPart<T = number> = Readonly<Record<BodyPart, T>>;

export const BODY_PART_KEYS: PerBodyPart<string> = labelKeys("ANTHOLOGY.Fade.BodyPart", BODY_PARTS);

export function isBodyPart(value: unknown): value is BodyPart {
  return isOneOf(BODY_PARTS, value);
}

/** Every part at the same number; `partial` overrides single parts (missing parts count as `fill`). */
export function perBodyPart(fill: number, partial: Partial<Record<BodyPart, number>> = {}): PerBodyPart {
  const out = {} as Record<BodyPart, number>;
  for (const part of BODY_PARTS) out[part] = partial[part] ?? fill;
  return Object.freeze(out);
}
