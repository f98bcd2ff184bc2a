export * from "./actor-sheet";
export * from "./item-sheets";
export * from "./parts";
