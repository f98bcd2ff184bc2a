export * from "./actor-sheet";
export * from "./item-sheets";
