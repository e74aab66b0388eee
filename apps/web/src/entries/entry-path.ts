/**
 * An entry's page, which is also the lightbox's address. Its own module so the site's entry
 * (entries/lightbox.ts) does not bring entry-view.ts and the entry texts (web-entry.json) it reads.
 */
export const entryPath = (entryId: string): string => `/entries/${encodeURIComponent(entryId)}`
