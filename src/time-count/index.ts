export * from "./bounds";
export * from "./time-count";
export * from "./time-count-error";
