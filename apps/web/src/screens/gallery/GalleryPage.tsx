import "./catalog.ts"
import { useState } from "react"
import { useLocation, useSearchParams } from "react-router-dom"
import { isLightboxState } from "../../entries/lightbox.ts"
import type { GallerySort, GalleryTab } from "../../api/types.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { SelectMenu } from "../../../../ui/src/select.tsx"
import { GalleryResults } from "./GalleryResults.tsx"
import { useLinkedEntry } from "./useLinkedEntry.ts"
import { TabPanel, TabStrip } from "../../../../ui/src/tabs.tsx"
import {
  GALLERY_DEFAULT_SORT,
  GALLERY_DEFAULT_TAB,
} from "../../../../../domain/submissions/gallery.ts"

const TABS: ReadonlyArray<{ readonly value: GalleryTab; readonly label: string }> = [
  { value: "all", label: "web.gallery.tab.all" },
  { value: "today", label: "web.gallery.tab.today" },
  { value: "past", label: "web.gallery.tab.past" },
]

const SORTS: ReadonlyArray<{ readonly value: GallerySort; readonly label: string }> = [
  { value: "top", label: "web.gallery.sort.top" },
  { value: "newest", label: "web.gallery.sort.newest" },
  { value: "random", label: "web.gallery.sort.random" },
]

/** Names the tabs and their panel (TabStrip). */
const TABS_ID = "gallery"

const isTab = (value: string): value is GalleryTab => TABS.some((tab) => tab.value === value)
const isSort = (value: string): value is GallerySort => SORTS.some((sort) => sort.value === value)

const DEFAULT_TAB: GalleryTab = GALLERY_DEFAULT_TAB
const DEFAULT_SORT: GallerySort = GALLERY_DEFAULT_SORT

/**
 * The tab and the order, in the address (?tab=, ?sort=; absent when the default): back to the
 * gallery from an entry's or an artist's page opens the same list, whose loaded pages are still
 * cached, at the scroll position the router kept. A choice replaces the address rather than
 * adding a step to the history. Behind a lightbox the address is the entry's: the list stays the
 * one it opened from.
 */
const useListChoice = () => {
  const [params, setParams] = useSearchParams()
  const behindLightbox = isLightboxState(useLocation().state)
  const tabParam = params.get("tab") ?? ""
  const sortParam = params.get("sort") ?? ""
  const read = {
    tab: isTab(tabParam) ? tabParam : DEFAULT_TAB,
    sort: isSort(sortParam) ? sortParam : DEFAULT_SORT,
  }
  const [shown, setShown] = useState(read)
  if (!behindLightbox && (shown.tab !== read.tab || shown.sort !== read.sort)) setShown(read)
  const { tab, sort } = behindLightbox ? shown : read
  const choose = (name: "tab" | "sort", value: string, byDefault: string) =>
    void setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === byDefault) next.delete(name)
        else next.set(name, value)
        return next
      },
      // On the same page: the scroll stays (layout/scroll-settle.ts).
      { replace: true },
    )
  return {
    tab,
    sort,
    setTab: (tab: GalleryTab) => choose("tab", tab, DEFAULT_TAB),
    setSort: (sort: GallerySort) => choose("sort", sort, DEFAULT_SORT),
  }
}

const SortSelect = ({
  sort,
  onChange,
}: {
  readonly sort: GallerySort
  readonly onChange: (sort: GallerySort) => void
}) => {
  const t = useT()
  return (
    <div className="flex items-center gap-2">
      <span id="gallery-sort-label" className="text-sm font-medium text-slate-700">
        {t("web.gallery.sortBy")}
      </span>
      <SelectMenu
        labelledBy="gallery-sort-label"
        value={sort}
        options={SORTS.map((option) => ({ value: option.value, label: t(option.label) }))}
        onValueChange={onChange}
        className="min-w-36"
      />
    </div>
  )
}

/**
 * The gallery (§2, §4 Gallery tabs): every entry, today's contest or past ones (days split in the
 * visitor's time zone by the server), in one of three orders, paged as the visitor scrolls. A shared link
 * (?submission=) scrolls to its card and rings it.
 */
const GalleryPage = () => {
  const t = useT()
  const { tab, sort, setTab, setSort } = useListChoice()
  const linked = useLinkedEntry()
  return (
    <Page>
      <PageTitle>{t("web.gallery.title")}</PageTitle>
      <p className="mt-2 text-slate-600">{t("web.gallery.intro")}</p>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <TabStrip
          id={TABS_ID}
          label={t("web.gallery.tabs")}
          value={tab}
          choices={TABS.map((option) => ({ value: option.value, label: t(option.label) }))}
          onValueChange={setTab}
          size="compact"
        />
        <SortSelect sort={sort} onChange={setSort} />
      </div>
      {/* Only the chosen tab's panel is drawn, so only its list is fetched. */}
      <TabPanel key={tab} id={TABS_ID} value={tab} className="mt-6">
        <GalleryResults
          tab={tab}
          sort={sort}
          seeking={linked.seeking}
          highlighted={linked.highlighted}
          onSought={linked.onSought}
        />
      </TabPanel>
    </Page>
  )
}

export default GalleryPage
