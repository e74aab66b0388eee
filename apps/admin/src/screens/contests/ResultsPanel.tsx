import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card, Chip } from "../../../../ui/src/card.tsx"
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
export const resultsSteps = (contest: Contest) => {
  const closed = contest.result !== null
  const announced = contest.status === "announced"
  const cancelled = contest.status === "cancelled"
  return {
    canClose: contest.status === "ended" && !closed,
    closeNote: cancelled
      ? "A cancelled contest is not closed."
      : closed
        ? `Closed ${contest.result?.closedAt ? dateTime(contest.result.closedAt) : ""}.`
        : contest.status === "ended"
          ? "The contest has ended: close it to decide the winner."
          : "The contest can be closed once it has ended.",
    canAnnounce: closed && !announced && !cancelled,
    announceNote: announced
      ? "The winner has been announced."
      : closed
        ? "Announcing queues the winner's mail and the entrants' results mails."
        : "Close the contest before announcing its winner.",
  }
}

const Summary = ({ contest }: { readonly contest: Contest }) => {
  const result = contest.result
  if (!result) return null
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        ["Entries", count(result.totalEntries)],
        ["Votes", count(result.totalVotes)],
        ["Winner's votes", result.winnerRawVotes === null ? "—" : count(result.winnerRawVotes)],
        [
          "Winner's score",
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
  if (ranking.rows.length === 0) return <EmptyState title="No entries to rank yet" />
  return (
    <TableBox label="Ranking">
      <thead className="bg-slate-50">
        <tr>
          <Th>Rank</Th>
          <Th>Entry</Th>
          <Th>Artist</Th>
          <Th className="text-right">Raw votes</Th>
          <Th className="text-right">Weighted score</Th>
          <Th>Moderation</Th>
          <Th>
            <span className="sr-only">Actions</span>
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
                  alt={`${row.artistName}'s entry`}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-md object-cover"
                />
              ) : (
                <span className="text-slate-600">No image</span>
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
                {contest.result?.winnerEntryId === row.entryId && <Chip tone="brand">Winner</Chip>}
                {contest.result?.peoplesChoiceEntryId === row.entryId && (
                  <Chip tone="green">People's Choice</Chip>
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
  const ranking = useQuery({
    queryKey: rankingKey(contest.id),
    queryFn: () => adminApi.ranking(contest.id),
  })
  const changed = useContestChanged()
  const toast = useToast()
  const [closing, setClosing] = useState(false)
  const steps = resultsSteps(contest)

  const close = async () => {
    setClosing(true)
    try {
      const closed = await adminApi.closeContest(contest.id)
      changed(closed)
      toast({
        title: "Contest closed",
        description: "The ranking is final. Announce the winner next.",
      })
    } catch (error) {
      toast({
        title: "Could not close the contest",
        description: messageOf(error, "The server refused"),
        variant: "destructive",
      })
    } finally {
      setClosing(false)
    }
  }

  return (
    <div className="grid gap-4">
      <Card title="Results">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-3">
            <Button disabled={!steps.canClose || closing} onClick={() => void close()}>
              {closing ? "Closing…" : "Close contest"}
            </Button>
            <p className="mt-2 text-sm text-slate-700">{steps.closeNote}</p>
          </div>
          <div className="rounded-lg border border-slate-200 p-3">
            <ConfirmDialog
              trigger={<Button disabled={!steps.canAnnounce}>Announce winner</Button>}
              title={`Announce the winner of “${contest.title}”?`}
              description="The winner's mail and the entrants' results mails are queued, and the contest shows as announced on the site. This cannot be undone."
              confirmLabel="Announce winner"
              busyLabel="Announcing…"
              variant="primary"
              onConfirm={async () => {
                const announced = await adminApi.announceContest(contest.id)
                changed(announced)
                toast({
                  title: "Winner announced",
                  description: "The winner's mail and the results mails are queued.",
                })
              }}
            />
            <p className="mt-2 text-sm text-slate-700">{steps.announceNote}</p>
          </div>
        </div>
        <Summary contest={contest} />
      </Card>
      <Card title="Ranking">
        <Loadable query={ranking} loading="Loading the ranking…" failure="The ranking did not load">
          {(data) => <RankingTable contest={contest} ranking={data} />}
        </Loadable>
      </Card>
    </div>
  )
}
