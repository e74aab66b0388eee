import { useQuery, useQueryClient } from "@tanstack/react-query"
import { monthEnd } from "../../../../../domain/drawings/drawing.entity.ts"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { moneyText } from "../../../../web/src/plans/plan-text.ts"
import { adminApi } from "../../api/admin-api.ts"
import type { Drawing } from "../../api/admin-types.ts"

const DRAWINGS_KEY = ["admin", "drawings"] as const

const STATUS_TEXT: { readonly [S in Drawing["status"]]: string } = {
  committed: "Committed, not drawn",
  drawn: "Drawn",
  paid: "Paid out",
}

/** "November 2026" for "2026-11", in UTC as the months are. */
const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })

/** The drawings grouped by month, in the list's order (newest month first). */
const byMonth = (drawings: ReadonlyArray<Drawing>): ReadonlyArray<[string, Drawing[]]> => {
  const months = new Map<string, Drawing[]>()
  for (const drawing of drawings) {
    const month = months.get(drawing.month) ?? []
    month.push(drawing)
    months.set(drawing.month, month)
  }
  return [...months]
}

const useRefresh = () => {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: DRAWINGS_KEY })
}

/** "Run draw now": only for a closed month with a drawing still committed. */
const RunDraw = ({ month, drawings }: { readonly month: string; readonly drawings: Drawing[] }) => {
  const toast = useToast()
  const refresh = useRefresh()
  const waiting = drawings.filter((drawing) => drawing.status === "committed")
  if (waiting.length === 0) return null
  if (Date.now() < monthEnd(month))
    return <p className="text-sm text-slate-600">Drawn once the month has closed.</p>
  return (
    <ConfirmDialog
      trigger={<Button>Run draw now</Button>}
      title={`Draw ${monthName(month)} now?`}
      description={`The ${waiting.length} committed ${waiting.length === 1 ? "drawing" : "drawings"} of ${monthName(month)} are drawn from the published commitment: the seed, the entrant list and the winner are published and each winner is mailed. A draw runs once and cannot be undone.`}
      confirmLabel="Run draw now"
      busyLabel="Drawing…"
      variant="primary"
      onConfirm={async () => {
        const results = await adminApi.drawMonth(month)
        refresh()
        const drawn = results.filter((result) => result.drawnNow).length
        toast({
          title: "Draw done",
          description: `${monthName(month)}: ${drawn} ${drawn === 1 ? "drawing" : "drawings"} drawn.`,
        })
      }}
    />
  )
}

/** "Mark paid out": for a drawn drawing with a winner. */
const MarkPaid = ({ drawing }: { readonly drawing: Drawing }) => {
  const toast = useToast()
  const refresh = useRefresh()
  if (drawing.status !== "drawn" || drawing.winnerId === null) return null
  const winner = drawing.winnerName ?? "the winner"
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          Mark paid out <span className="sr-only">{`(${drawing.planName}, ${drawing.month})`}</span>
        </Button>
      }
      title={`Mark ${moneyText(drawing.prizeCents)} paid out to ${winner}?`}
      description={`Only once the ${drawing.planName} prize of ${monthName(drawing.month)} has been sent to ${winner}. This is recorded in the audit log.`}
      confirmLabel="Mark paid out"
      busyLabel="Saving…"
      variant="primary"
      onConfirm={async () => {
        await adminApi.markDrawingPaid(drawing.id)
        refresh()
        toast({
          title: "Marked paid out",
          description: `${drawing.planName}, ${monthName(drawing.month)}`,
        })
      }}
    />
  )
}

const MonthDrawings = ({
  month,
  drawings,
}: {
  readonly month: string
  readonly drawings: Drawing[]
}) => (
  <section aria-labelledby={`month-${month}`} className="grid gap-3">
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={`month-${month}`} className="text-lg font-semibold text-slate-900">
        {monthName(month)}
      </h2>
      <RunDraw month={month} drawings={drawings} />
    </div>
    <TableBox label={`Drawings of ${monthName(month)}`} cards>
      <thead>
        <Tr>
          <Th>Plan</Th>
          <Th>Prize</Th>
          <Th>Status</Th>
          <Th>Entrants</Th>
          <Th>Winner</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </thead>
      <tbody>
        {drawings.map((drawing) => (
          <Tr key={drawing.id}>
            <Td label="Plan">{drawing.planName}</Td>
            <Td label="Prize">{moneyText(drawing.prizeCents)}</Td>
            <Td label="Status">{STATUS_TEXT[drawing.status]}</Td>
            <Td label="Entrants">{drawing.entrants === null ? "—" : drawing.entrants.length}</Td>
            <Td label="Winner">
              {drawing.status === "committed"
                ? "—"
                : (drawing.winnerName ?? (drawing.winnerId ? "a deleted account" : "no entrants"))}
            </Td>
            <Td>
              <MarkPaid drawing={drawing} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </TableBox>
  </section>
)

/** The monthly drawings: each month's draws, run a closed month's draw, mark a prize paid out. */
const DrawingsPage = () => {
  const drawings = useQuery({ queryKey: DRAWINGS_KEY, queryFn: adminApi.drawings })
  return (
    <div>
      <PageHeader
        title="Drawings"
        description={
          <>
            One drawing per paid plan a month. The scheduler draws a month once it has closed; run
            it here sooner, and mark each prize paid out once sent. Members check every draw on{" "}
            <a href="/rewards/drawings" className="underline">
              the drawings page
            </a>
            .
          </>
        }
      />
      <Loadable
        query={drawings}
        loading="Loading the drawings…"
        failure="The drawings did not load"
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title="No drawings yet">
              The scheduler commits each month's drawings on its first day.
            </EmptyState>
          ) : (
            <div className="grid gap-8">
              {byMonth(all).map(([month, ofMonth]) => (
                <MonthDrawings key={month} month={month} drawings={ofMonth} />
              ))}
            </div>
          )
        }
      </Loadable>
    </div>
  )
}

export default DrawingsPage
