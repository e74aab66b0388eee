import { useQuery, useQueryClient } from "@tanstack/react-query"
import { monthEnd } from "../../../../../domain/drawings/drawing.entity.ts"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { monthYear } from "../../../../ui/src/format.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Drawing } from "../../api/admin-types.ts"
import { count, dollars } from "../../ui/dates.ts"

const DRAWINGS_KEY = ["admin", "drawings"] as const

/** Each status's words, as a message id. */
const STATUS_TEXT: { readonly [S in Drawing["status"]]: string } = {
  committed: "admin.drawings.status.committed",
  drawn: "admin.drawings.status.drawn",
  paid: "admin.drawings.status.paid",
}

/** "November 2026" for "2026-11" ("noviembre de 2026"), in UTC as the months are. */
const monthName = (month: string): string => monthYear(`${month}-01T00:00:00Z`, "UTC")

/** A prize, as every dashboard page writes money ("$25"). */
const prize = (cents: number): string => dollars(cents / 100)

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
  const t = useT()
  const toast = useToast()
  const refresh = useRefresh()
  const waiting = drawings.filter((drawing) => drawing.status === "committed")
  if (waiting.length === 0) return null
  if (Date.now() < monthEnd(month))
    return <p className="text-sm text-slate-600">{t("admin.drawings.drawnLater")}</p>
  return (
    <ConfirmDialog
      trigger={<Button>{t("admin.drawings.run")}</Button>}
      title={t("admin.drawings.run.title", { month: monthName(month) })}
      description={t("admin.drawings.run.description", {
        count: waiting.length,
        month: monthName(month),
      })}
      confirmLabel={t("admin.drawings.run")}
      busyLabel={t("admin.drawings.run.busy")}
      variant="primary"
      onConfirm={async () => {
        const results = await adminApi.drawMonth(month)
        refresh()
        const drawn = results.filter((result) => result.drawnNow).length
        toast({
          title: t("admin.drawings.run.done"),
          description: t("admin.drawings.run.doneBody", { month: monthName(month), count: drawn }),
        })
      }}
    />
  )
}

/** "Mark paid out": for a drawn drawing with a winner. */
const MarkPaid = ({ drawing }: { readonly drawing: Drawing }) => {
  const t = useT()
  const toast = useToast()
  const refresh = useRefresh()
  if (drawing.status !== "drawn" || drawing.winnerId === null) return null
  const winner = drawing.winnerName ?? t("admin.drawings.theWinner")
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          {t("admin.drawings.paid")}{" "}
          <span className="sr-only">{`(${drawing.planName}, ${drawing.month})`}</span>
        </Button>
      }
      title={t("admin.drawings.paid.title", { amount: prize(drawing.prizeCents), winner })}
      description={t("admin.drawings.paid.description", {
        plan: drawing.planName,
        month: monthName(drawing.month),
        winner,
      })}
      confirmLabel={t("admin.drawings.paid")}
      busyLabel={t("admin.drawings.paid.busy")}
      variant="primary"
      onConfirm={async () => {
        await adminApi.markDrawingPaid(drawing.id)
        refresh()
        toast({
          title: t("admin.drawings.paid.done"),
          description: t("admin.drawings.paid.doneBody", {
            plan: drawing.planName,
            month: monthName(drawing.month),
          }),
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
}) => {
  const t = useT()
  return (
    <section aria-labelledby={`month-${month}`} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`month-${month}`} className="text-lg font-semibold text-slate-900">
          {monthName(month)}
        </h2>
        <RunDraw month={month} drawings={drawings} />
      </div>
      <TableBox label={t("admin.drawings.ofMonth", { month: monthName(month) })} cards>
        <thead>
          <Tr>
            <Th>{t("admin.drawings.plan")}</Th>
            <Th>{t("admin.drawings.prize")}</Th>
            <Th>{t("admin.drawings.status")}</Th>
            <Th>{t("admin.drawings.entrants")}</Th>
            <Th>{t("admin.drawings.winner")}</Th>
            <Th>
              <span className="sr-only">{t("admin.drawings.actions")}</span>
            </Th>
          </Tr>
        </thead>
        <tbody>
          {drawings.map((drawing) => (
            <Tr key={drawing.id}>
              <Td label={t("admin.drawings.plan")}>{drawing.planName}</Td>
              <Td label={t("admin.drawings.prize")}>{prize(drawing.prizeCents)}</Td>
              <Td label={t("admin.drawings.status")}>{t(STATUS_TEXT[drawing.status])}</Td>
              <Td label={t("admin.drawings.entrants")}>
                {drawing.entrants === null ? "—" : count(drawing.entrants.length)}
              </Td>
              <Td label={t("admin.drawings.winner")}>
                {drawing.status === "committed"
                  ? "—"
                  : (drawing.winnerName ??
                    (drawing.winnerId
                      ? t("admin.drawings.deletedAccount")
                      : t("admin.drawings.noEntrants")))}
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
}

/** The monthly drawings: each month's draws, run a closed month's draw, mark a prize paid out. */
const DrawingsPage = () => {
  const t = useT()
  const drawings = useQuery({ queryKey: DRAWINGS_KEY, queryFn: adminApi.drawings })
  return (
    <div>
      <PageHeader
        title={t("admin.drawings.title")}
        description={
          <T
            id="admin.drawings.description"
            components={{ 0: <a href="/rewards/drawings" className="underline" /> }}
          />
        }
      />
      <Loadable
        query={drawings}
        loading={t("admin.drawings.loading")}
        failure={t("admin.drawings.failed")}
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title={t("admin.drawings.none")}>
              {t("admin.drawings.none.hint")}
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
