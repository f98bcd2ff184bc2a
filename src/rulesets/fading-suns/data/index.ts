export * from "./actor";
export * from "./items";
export * from "./labels";
export * from "./source";
