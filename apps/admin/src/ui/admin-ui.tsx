import type { UseInfiniteQueryResult } from "@tanstack/react-query"
import { Chip, type ChipTone } from "../../../ui/src/card.tsx"
import type { ContestStatus, Moderation, Page } from "../api/admin-types.ts"

/** The dashboard's own words on the shared kit (apps/ui): its statuses as chips, its pages' rows. */

/** The rows of every page loaded so far. */
export const rowsOf = <T,>(query: UseInfiniteQueryResult<{ pages: Page<T>[] }>) =>
  query.data?.pages.flatMap((page) => page.items) ?? []

const STATUS_CHIPS: { readonly [S in ContestStatus]: { label: string; tone: ChipTone } } = {
  scheduled: { label: "Scheduled", tone: "sky" },
  active: { label: "Active", tone: "green" },
  ended: { label: "Ended", tone: "amber" },
  announced: { label: "Announced", tone: "brand" },
  cancelled: { label: "Cancelled", tone: "slate" },
}

export const STATUS_LABELS = Object.fromEntries(
  Object.entries(STATUS_CHIPS).map(([status, chip]) => [status, chip.label]),
) as { readonly [S in ContestStatus]: string }

export const StatusChip = ({ status }: { readonly status: ContestStatus }) => {
  const chip = STATUS_CHIPS[status] as (typeof STATUS_CHIPS)[ContestStatus] | undefined
  return <Chip tone={chip?.tone ?? "slate"}>{chip?.label ?? status}</Chip>
}

const MODERATION_CHIPS: { readonly [M in Moderation]: { label: string; tone: ChipTone } } = {
  visible: { label: "Visible", tone: "green" },
  hidden: { label: "Hidden", tone: "amber" },
  disqualified: { label: "Disqualified", tone: "red" },
}

export const ModerationChip = ({ moderation }: { readonly moderation: Moderation }) => {
  const chip = MODERATION_CHIPS[moderation] as (typeof MODERATION_CHIPS)[Moderation] | undefined
  return <Chip tone={chip?.tone ?? "slate"}>{chip?.label ?? moderation}</Chip>
}
