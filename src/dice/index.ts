export * from "./errors";
export * from "./limits";
export * from "./outcome";
export * from "./parse";
export type * from "./plan";
export * from "./random";
export * from "./roll";
export * from "./card";
export * from "./judge";
