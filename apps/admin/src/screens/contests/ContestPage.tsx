import { useQuery } from "@tanstack/react-query"
import { ArrowLeft } from "lucide-react"
import { Tabs } from "radix-ui"
import { Link, useParams, useSearchParams } from "react-router-dom"
import { adminApi } from "../../api/admin-api.ts"
import { Loadable, StatusChip } from "../../ui/admin-ui.tsx"
import { dateTime } from "../../ui/dates.ts"
import { contestKey } from "./contest-queries.ts"
import { DetailsPanel } from "./DetailsPanel.tsx"
import { LineArtPanel } from "./LineArtPanel.tsx"
import { ModerationPanel } from "./ModerationPanel.tsx"
import { ResultsPanel } from "./ResultsPanel.tsx"

const TABS = [
  { value: "details", label: "Details" },
  { value: "line-art", label: "Line art" },
  { value: "entries", label: "Entries" },
  { value: "results", label: "Results" },
] as const
type Tab = (typeof TABS)[number]["value"]

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value)

/** One contest: edit it, give it line art, moderate its entries, close and announce it. */
const ContestPage = () => {
  const { id = "" } = useParams()
  const [params, setParams] = useSearchParams()
  const raw = params.get("tab")
  const tab: Tab = isTab(raw) ? raw : "details"
  const contest = useQuery({ queryKey: contestKey(id), queryFn: () => adminApi.contest(id) })

  return (
    <>
      <Link
        to="/contests"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All contests
      </Link>
      <Loadable query={contest} loading="Loading the contest…" failure="The contest did not load">
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
            <Tabs.Root
              value={tab}
              onValueChange={(value) => setParams({ tab: value }, { replace: true })}
            >
              <Tabs.List
                aria-label="Contest sections"
                className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
              >
                {TABS.map(({ value, label }) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
                  >
                    {label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="details">
                <DetailsPanel contest={data} />
              </Tabs.Content>
              <Tabs.Content value="line-art">
                <LineArtPanel contest={data} />
              </Tabs.Content>
              <Tabs.Content value="entries">
                <ModerationPanel contest={data} />
              </Tabs.Content>
              <Tabs.Content value="results">
                <ResultsPanel contest={data} />
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Loadable>
    </>
  )
}

export default ContestPage
