export * from "./actor";
export * from "./armor";
export * from "./labels";
export * from "./source";
export * from "./weapon";
export * from "./traits";
export * from "./fields";
export * from "./gear";
