import type { InfiniteData } from "@tanstack/react-query"
import type { Entry, GalleryPage } from "../../api/types.ts"

/** The cached gallery pages with one entry changed (a vote), every other entry untouched. */
export const patchEntry = (
  data: InfiniteData<GalleryPage> | undefined,
  entryId: string,
  change: (entry: Entry) => Entry,
): InfiniteData<GalleryPage> | undefined => {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((entry) => entry.id === entryId)
        ? {
            ...page,
            items: page.items.map((entry) => (entry.id === entryId ? change(entry) : entry)),
          }
        : page,
    ),
  }
}

/** Every entry of the loaded pages, in order. */
export const entriesOf = (data: InfiniteData<GalleryPage> | undefined): ReadonlyArray<Entry> =>
  data?.pages.flatMap((page) => page.items) ?? []
