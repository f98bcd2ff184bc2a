import type { QuenchBatchContext } from "@ethaks/fvtt-quench";

/** Placeholder replaced below. */
export function fudgeBatch(_context: QuenchBatchContext): void {}
