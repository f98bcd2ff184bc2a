export * from "./time-count";
export * from "./time-count-error";
