/**
 * Foundry v14 can pop an application out into a window of its own (NOTES-v14.md §8), with its own
 * document: listeners installed on the main document do not reach it. v13 has no such windows.
 */

/** Runs `install` with the document of every window Foundry detaches from now on (v14's `openDetachedWindow`). */
export function onDetachedWindow(install: (document: Document) => void): void {
  Hooks.on(
    "openDetachedWindow" as never,
    ((_id: unknown, opened: { document?: Document } | null) => {
      if (opened?.document) install(opened.document);
    }) as never,
  );
}
