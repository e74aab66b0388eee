import type { UseInfiniteQueryResult } from "@tanstack/react-query"
import { Chip, type ChipTone } from "../../../ui/src/card.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import type { ContestStatus, Moderation, Page } from "../api/admin-types.ts"

/** The dashboard's own words on the shared kit (apps/ui): its statuses as chips, its pages' rows. */

/** The rows of every page loaded so far. */
export const rowsOf = <T,>(query: UseInfiniteQueryResult<{ pages: Page<T>[] }>) =>
  query.data?.pages.flatMap((page) => page.items) ?? []

const STATUS_CHIPS: { readonly [S in ContestStatus]: { label: string; tone: ChipTone } } = {
  scheduled: { label: "admin.common.status.scheduled", tone: "sky" },
  active: { label: "admin.common.status.active", tone: "green" },
  ended: { label: "admin.common.status.ended", tone: "amber" },
  announced: { label: "admin.common.status.announced", tone: "brand" },
  cancelled: { label: "admin.common.status.cancelled", tone: "slate" },
}

/** Each status's name, as a message id. */
export const STATUS_LABELS = Object.fromEntries(
  Object.entries(STATUS_CHIPS).map(([status, chip]) => [status, chip.label]),
) as { readonly [S in ContestStatus]: string }

export const StatusChip = ({ status }: { readonly status: ContestStatus }) => {
  const t = useT()
  const chip = STATUS_CHIPS[status] as (typeof STATUS_CHIPS)[ContestStatus] | undefined
  return <Chip tone={chip?.tone ?? "slate"}>{chip ? t(chip.label) : status}</Chip>
}

const MODERATION_CHIPS: { readonly [M in Moderation]: { label: string; tone: ChipTone } } = {
  visible: { label: "admin.common.moderation.visible", tone: "green" },
  hidden: { label: "admin.common.moderation.hidden", tone: "amber" },
  disqualified: { label: "admin.common.moderation.disqualified", tone: "red" },
}

export const ModerationChip = ({ moderation }: { readonly moderation: Moderation }) => {
  const t = useT()
  const chip = MODERATION_CHIPS[moderation] as (typeof MODERATION_CHIPS)[Moderation] | undefined
  return <Chip tone={chip?.tone ?? "slate"}>{chip ? t(chip.label) : moderation}</Chip>
}
