export * from "./combat";
export * from "./goals";
export * from "./modifiers";
export * from "./odds";
export * from "./play";
export * from "./traits";
export * from "./derive";
export * from "./turn";
