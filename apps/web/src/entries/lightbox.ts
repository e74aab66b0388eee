import { entryPath } from "./entry-path.ts"

/**
 * The lightbox rides on the router's location state: a grid opens /entries/:id with the ids it
 * shows, so ← and → walk that list while the grid stays mounted behind (see PageOutlet). A reload
 * or a shared link has no such state and lands on the entry's page.
 */
export interface LightboxState {
  readonly lightbox: { readonly ids: ReadonlyArray<string> }
}

export const isLightboxState = (state: unknown): state is LightboxState => {
  if (typeof state !== "object" || state === null || !("lightbox" in state)) return false
  const { lightbox } = state
  return (
    typeof lightbox === "object" &&
    lightbox !== null &&
    Array.isArray((lightbox as { ids?: unknown }).ids)
  )
}

/** What a grid's link passes to open one of its entries over it. */
export const openEntry = (entryId: string, ids: ReadonlyArray<string>) => ({
  to: entryPath(entryId),
  // The grid keeps its scroll position behind the lightbox (layout/scroll-settle.ts).
  state: { lightbox: { ids } } satisfies LightboxState,
})

/** The entries before and after `entryId` in the grid's list (null at either end). */
export const neighboursIn = (
  ids: ReadonlyArray<string>,
  entryId: string,
): { readonly previous: string | null; readonly next: string | null } => {
  const at = ids.indexOf(entryId)
  if (at === -1) return { previous: null, next: null }
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null }
}
