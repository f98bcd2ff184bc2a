export * from "./registry";
export type * from "./types";
