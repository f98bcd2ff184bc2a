import type { DocumentTypeDefinition } from "./types";

/** Sub-types every rule set starts from; a rule set replaces or extends them as its issue lands. */
export const CHARACTER: DocumentTypeDefinition = { name: "character", htmlFields: ["notes"] };
export const NPC: DocumentTypeDefinition = { name: "npc", htmlFields: ["notes"] };
export const GEAR: DocumentTypeDefinition = { name: "gear", htmlFields: ["description"] };
