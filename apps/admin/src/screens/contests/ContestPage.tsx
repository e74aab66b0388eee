import { useQuery } from "@tanstack/react-query"
import { useParams, useSearchParams } from "react-router-dom"
import { adminApi } from "../../api/admin-api.ts"
import { StatusChip } from "../../ui/admin-ui.tsx"
import { dateTime } from "../../ui/dates.ts"
import { contestKey } from "./contest-queries.ts"
import { DetailsPanel } from "./DetailsPanel.tsx"
import { LineArtPanel } from "./LineArtPanel.tsx"
import { ModerationPanel } from "./ModerationPanel.tsx"
import { ResultsPanel } from "./ResultsPanel.tsx"
import { Loadable } from "../../../../ui/src/states.tsx"
import { TabPanel, TabStrip } from "../../../../ui/src/tabs.tsx"
import { BackLink } from "../../../../ui/src/page.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

const TABS = [
  { value: "details", label: "admin.contests.tab.details" },
  { value: "line-art", label: "admin.contests.lineArt" },
  { value: "entries", label: "admin.contests.entries" },
  { value: "results", label: "admin.contests.results" },
] as const
type Tab = (typeof TABS)[number]["value"]

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value)

/** Each section's panel. */
const PANELS = {
  details: DetailsPanel,
  "line-art": LineArtPanel,
  entries: ModerationPanel,
  results: ResultsPanel,
} satisfies Record<Tab, unknown>

/** Names the section tabs and their panel (TabStrip). */
const SECTIONS_ID = "contest-sections"

/** One contest: edit it, give it line art, moderate its entries, close and announce it. */
const ContestPage = () => {
  const t = useT()
  const { id = "" } = useParams()
  const [params, setParams] = useSearchParams()
  const raw = params.get("tab")
  const tab: Tab = isTab(raw) ? raw : "details"
  const contest = useQuery({ queryKey: contestKey(id), queryFn: () => adminApi.contest(id) })
  const Panel = PANELS[tab]

  return (
    <>
      <BackLink to="/contests" className="mb-4">
        {t("admin.contests.all")}
      </BackLink>
      <Loadable
        query={contest}
        loading={t("admin.contests.page.loading")}
        failure={t("admin.contests.page.failed")}
      >
        {(data) => (
          <>
            <div className="mb-6 min-w-0">
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
                  {data.title}
                </h1>
                <StatusChip status={data.status} />
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {data.contestType} · {dateTime(data.startsAt)} – {dateTime(data.endsAt)}
              </p>
            </div>
            <TabStrip
              id={SECTIONS_ID}
              look="underline"
              label={t("admin.contests.page.sections")}
              value={tab}
              choices={TABS.map(({ value, label }) => ({ value, label: t(label) }))}
              onValueChange={(value) => setParams({ tab: value }, { replace: true })}
            />
            <TabPanel key={tab} id={SECTIONS_ID} value={tab} className="mt-4">
              <Panel contest={data} />
            </TabPanel>
          </>
        )}
      </Loadable>
    </>
  )
}

export default ContestPage
