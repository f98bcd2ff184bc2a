export * from "./attack";
export * from "./check";
export * from "./codes";
export * from "./combat";
export * from "./derive";
export * from "./health";
export * from "./traits";
export * from "./charts";
