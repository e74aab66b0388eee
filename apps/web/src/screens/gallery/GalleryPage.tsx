import { Tabs } from "radix-ui"
import { useState } from "react"
import type { GallerySort, GalleryTab } from "../../api/types.ts"
import { SelectMenu } from "../../ui/select-menu.tsx"
import { Page, PageTitle } from "../../ui/ui.tsx"
import { GalleryResults } from "./GalleryResults.tsx"
import { useLinkedEntry } from "./useLinkedEntry.ts"

const TABS: ReadonlyArray<{ readonly value: GalleryTab; readonly label: string }> = [
  { value: "all", label: "All Submissions" },
  { value: "today", label: "Today's Contest" },
  { value: "past", label: "Past Contests" },
]

const SORTS: ReadonlyArray<{ readonly value: GallerySort; readonly label: string }> = [
  { value: "top", label: "Top Rated" },
  { value: "newest", label: "Newest" },
  { value: "random", label: "Random" },
]

const isTab = (value: string): value is GalleryTab => TABS.some((tab) => tab.value === value)

const SortSelect = ({
  sort,
  onChange,
}: {
  readonly sort: GallerySort
  readonly onChange: (sort: GallerySort) => void
}) => (
  <div className="flex items-center gap-2">
    <span id="gallery-sort-label" className="text-sm font-medium text-slate-700">
      Sort by
    </span>
    <SelectMenu
      labelledBy="gallery-sort-label"
      value={sort}
      options={SORTS}
      onValueChange={onChange}
      className="min-w-36"
    />
  </div>
)

/**
 * The gallery (§2, §4 Gallery tabs): every entry, today's contest or past ones (days split in the
 * visitor's time zone by the server), in one of three orders, paged. A shared link
 * (?submission=) scrolls to its card and rings it.
 */
const GalleryPage = () => {
  const [tab, setTab] = useState<GalleryTab>("all")
  const [sort, setSort] = useState<GallerySort>("newest")
  const linked = useLinkedEntry()
  return (
    <Page>
      <PageTitle>Gallery</PageTitle>
      <p className="mt-2 text-slate-600">
        Browse the community's colored pages and vote for your favorites.
      </p>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => isTab(value) && setTab(value)}
        className="mt-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Tabs.List
            aria-label="Which entries"
            className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
          >
            {TABS.map((option) => (
              <Tabs.Trigger
                key={option.value}
                value={option.value}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow"
              >
                {option.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <SortSelect sort={sort} onChange={setSort} />
        </div>
        {TABS.map((option) => (
          // Radix mounts only the active tab's content, so only its list is fetched.
          <Tabs.Content key={option.value} value={option.value} className="mt-6">
            <GalleryResults
              tab={option.value}
              sort={sort}
              seeking={linked.seeking}
              highlighted={linked.highlighted}
              onSought={linked.onSought}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Page>
  )
}

export default GalleryPage
