/** A tab part's context: the part renders the tab whose id is the part id. */
export function withPartTab<T extends object>(partId: string, context: T): T & { tab: unknown } {
  const tabs = (context as { tabs?: Record<string, unknown> }).tabs;
  return { ...context, tab: tabs?.[partId] };
}
