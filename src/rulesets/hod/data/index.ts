export * from "./actor";
export * from "./armor";
export * from "./labels";
export * from "./source";
export * from "./track";
export * from "./weapon";
