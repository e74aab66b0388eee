import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card, Chip } from "../../../../ui/src/card.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Contest, Ranking } from "../../api/admin-types.ts"
import { GrantBadgeButton } from "../../badges/GrantBadge.tsx"
import { ModerationChip } from "../../ui/admin-ui.tsx"
import { count, dateTime } from "../../ui/dates.ts"
import { rankingKey, useContestChanged } from "./contest-queries.ts"

/** Whether the contest can be closed or announced now, and if not, why not. */
export const resultsSteps = (contest: Contest, t: Translate) => {
  const closed = contest.result !== null
  const announced = contest.status === "announced"
  const cancelled = contest.status === "cancelled"
  return {
    canClose: contest.status === "ended" && !closed,
    closeNote: cancelled
      ? t("admin.contests.results.cancelled")
      : closed
        ? contest.result?.closedAt
          ? t("admin.contests.results.closedAt", { at: dateTime(contest.result.closedAt) })
          : t("admin.contests.results.closed")
        : contest.status === "ended"
          ? t("admin.contests.results.ended")
          : t("admin.contests.results.notEnded"),
    canAnnounce: closed && !announced && !cancelled,
    announceNote: announced
      ? t("admin.contests.results.announced")
      : closed
        ? t("admin.contests.results.announceNext")
        : t("admin.contests.results.closeFirst"),
  }
}

const Summary = ({ contest }: { readonly contest: Contest }) => {
  const t = useT()
  const result = contest.result
  if (!result) return null
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        [t("admin.contests.entries"), count(result.totalEntries)],
        [t("admin.contests.votes"), count(result.totalVotes)],
        [
          t("admin.contests.results.winnerVotes"),
          result.winnerRawVotes === null ? "—" : count(result.winnerRawVotes),
        ],
        [
          t("admin.contests.results.winnerScore"),
          result.winnerWeightedScore === null ? "—" : String(result.winnerWeightedScore),
        ],
      ].map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const RankingTable = ({
  contest,
  ranking,
}: {
  readonly contest: Contest
  readonly ranking: Ranking
}) => {
  const t = useT()
  if (ranking.rows.length === 0) return <EmptyState title={t("admin.contests.ranking.none")} />
  return (
    <TableBox label={t("admin.contests.ranking")}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{t("admin.contests.ranking.rank")}</Th>
          <Th>{t("admin.contests.entry")}</Th>
          <Th>{t("admin.contests.artist")}</Th>
          <Th className="text-right">{t("admin.contests.ranking.rawVotes")}</Th>
          <Th className="text-right">{t("admin.contests.ranking.weightedScore")}</Th>
          <Th>{t("admin.contests.moderation")}</Th>
          <Th>
            <span className="sr-only">{t("admin.contests.actions")}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {ranking.rows.map((row) => (
          <tr key={row.entryId} className="border-t border-slate-100">
            <Td className="font-semibold">{row.rank}</Td>
            <Td>
              {row.thumbnailUrl ? (
                <img
                  src={row.thumbnailUrl}
                  alt={t("admin.contests.entryOf", { username: row.artistName })}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-md object-cover"
                />
              ) : (
                <span className="text-slate-600">{t("admin.contests.noImage")}</span>
              )}
            </Td>
            <Td>
              <Link
                to={`/members/${row.memberId}`}
                className="font-medium break-words text-brand-700 hover:underline"
              >
                {row.artistName}
              </Link>
              <div className="mt-1 flex flex-wrap gap-1">
                {contest.result?.winnerEntryId === row.entryId && (
                  <Chip tone="brand">{t("admin.contests.ranking.winner")}</Chip>
                )}
                {contest.result?.peoplesChoiceEntryId === row.entryId && (
                  <Chip tone="green">{t("admin.contests.ranking.peoplesChoice")}</Chip>
                )}
              </div>
            </Td>
            <Td className="text-right">{count(row.rawVotes)}</Td>
            <Td className="text-right">{row.weightedScore}</Td>
            <Td>
              <ModerationChip moderation={row.moderation} />
            </Td>
            <Td>
              <GrantBadgeButton memberId={row.memberId} memberName={row.artistName} />
            </Td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  )
}

/** Close the contest, review its ranking (raw votes beside the weighted score), announce it. */
export const ResultsPanel = ({ contest }: { readonly contest: Contest }) => {
  const t = useT()
  const ranking = useQuery({
    queryKey: rankingKey(contest.id),
    queryFn: () => adminApi.ranking(contest.id),
  })
  const changed = useContestChanged()
  const toast = useToast()
  const [closing, setClosing] = useState(false)
  const steps = resultsSteps(contest, t)

  const close = async () => {
    setClosing(true)
    try {
      const closed = await adminApi.closeContest(contest.id)
      changed(closed)
      toast({
        title: t("admin.contests.results.closedToast"),
        description: t("admin.contests.results.closedToastBody"),
      })
    } catch (error) {
      toast({
        title: t("admin.contests.results.closeFailed"),
        description: messageOf(error, t("admin.contests.refused")),
        variant: "destructive",
      })
    } finally {
      setClosing(false)
    }
  }

  return (
    <div className="grid gap-4">
      <Card title={t("admin.contests.results")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-3">
            <Button disabled={!steps.canClose || closing} onClick={() => void close()}>
              {closing ? t("admin.contests.results.closing") : t("admin.contests.results.close")}
            </Button>
            <p className="mt-2 text-sm text-slate-700">{steps.closeNote}</p>
          </div>
          <div className="rounded-lg border border-slate-200 p-3">
            <ConfirmDialog
              trigger={
                <Button disabled={!steps.canAnnounce}>
                  {t("admin.contests.results.announce")}
                </Button>
              }
              title={t("admin.contests.results.announceTitle", { title: contest.title })}
              description={t("admin.contests.results.announceBody")}
              confirmLabel={t("admin.contests.results.announce")}
              busyLabel={t("admin.contests.results.announcing")}
              variant="primary"
              onConfirm={async () => {
                const announced = await adminApi.announceContest(contest.id)
                changed(announced)
                toast({
                  title: t("admin.contests.results.announcedToast"),
                  description: t("admin.contests.results.announcedToastBody"),
                })
              }}
            />
            <p className="mt-2 text-sm text-slate-700">{steps.announceNote}</p>
          </div>
        </div>
        <Summary contest={contest} />
      </Card>
      <Card title={t("admin.contests.ranking")}>
        <Loadable
          query={ranking}
          loading={t("admin.contests.ranking.loading")}
          failure={t("admin.contests.ranking.failed")}
        >
          {(data) => <RankingTable contest={contest} ranking={data} />}
        </Loadable>
      </Card>
    </div>
  )
}
