import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query"
import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AdminEntry, Contest, ModerationAction, Page } from "../../api/admin-types.ts"
import { ModerationChip, rowsOf } from "../../ui/admin-ui.tsx"
import { count, dateTime } from "../../ui/dates.ts"
import { entriesKey, rankingKey } from "./contest-queries.ts"

/** The server's bounds for a moderation reason (the member reads it on their profile). */
export const REASON_MIN = 3
export const REASON_MAX = 500

export const reasonProblem = (reason: string): string | undefined => {
  const length = reason.trim().length
  if (length < REASON_MIN)
    return `Give a reason of at least ${REASON_MIN} characters: the member sees it on their profile.`
  if (length > REASON_MAX) return `The reason has at most ${REASON_MAX} characters (now ${length}).`
  return undefined
}

const TOASTS: { readonly [A in ModerationAction]: string } = {
  hide: "Entry hidden",
  disqualify: "Entry disqualified",
  restore: "Entry restored",
}

/** Moderates one entry and puts the server's answer in the list; the ranking is read again. */
const useModerate = (contestId: string) => {
  const client = useQueryClient()
  const toast = useToast()
  return async (entry: AdminEntry, action: ModerationAction, reason?: string) => {
    const updated = await adminApi.moderate(entry.id, action, reason)
    client.setQueryData<InfiniteData<Page<AdminEntry>>>(entriesKey(contestId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === updated.id ? updated : item)),
            })),
          }
        : data,
    )
    void client.invalidateQueries({ queryKey: rankingKey(contestId) })
    toast({ title: TOASTS[action], description: `${updated.username}'s entry` })
  }
}

/** Hide or disqualify: a reason (the member sees it), then the server's answer. */
const WithReason = ({
  entry,
  action,
  moderate,
}: {
  readonly entry: AdminEntry
  readonly action: "hide" | "disqualify"
  readonly moderate: ReturnType<typeof useModerate>
}) => {
  const [reason, setReason] = useState("")
  const [error, setError] = useState<string | undefined>()
  const hide = action === "hide"
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant={hide ? "secondary" : "danger"}
          className="px-3 py-1.5"
          aria-label={`${hide ? "Hide" : "Disqualify"} ${entry.username}'s entry`}
        >
          {hide ? "Hide" : "Disqualify"}
        </Button>
      }
      title={hide ? `Hide ${entry.username}'s entry?` : `Disqualify ${entry.username}'s entry?`}
      description={
        hide
          ? `The entry leaves the gallery and the leaderboard. ${entry.username} sees your reason on their profile. You can restore it later.`
          : `The entry is disqualified from this contest. ${entry.username} sees your reason on their profile. You can restore it later.`
      }
      confirmLabel={hide ? "Hide entry" : "Disqualify entry"}
      busyLabel={hide ? "Hiding…" : "Disqualifying…"}
      onOpenChange={(open) => {
        if (!open) {
          setReason("")
          setError(undefined)
        }
      }}
      onConfirm={async () => {
        const problem = reasonProblem(reason)
        if (problem) {
          setError(problem)
          return false
        }
        await moderate(entry, action, reason.trim())
      }}
    >
      <Field label="Reason" hint="The member sees this on their profile." error={error}>
        <TextArea
          value={reason}
          rows={3}
          maxLength={REASON_MAX + 50}
          onChange={(event) => {
            setReason(event.target.value)
            setError(undefined)
          }}
        />
      </Field>
    </ConfirmDialog>
  )
}

const Restore = ({
  entry,
  moderate,
}: {
  readonly entry: AdminEntry
  readonly moderate: ReturnType<typeof useModerate>
}) => {
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={busy}
      aria-label={`${busy ? "Restoring" : "Restore"} ${entry.username}'s entry`}
      onClick={() => {
        setBusy(true)
        moderate(entry, "restore")
          .catch((error: unknown) =>
            toast({
              title: "Could not restore the entry",
              description: messageOf(error, "The server refused"),
              variant: "destructive",
            }),
          )
          .finally(() => setBusy(false))
      }}
    >
      {busy ? "Restoring…" : "Restore"}
    </Button>
  )
}

/** Every entry of the contest, hidden and disqualified ones too, with what can be done to each. */
export const ModerationPanel = ({ contest }: { readonly contest: Contest }) => {
  const entries = useInfiniteQuery({
    queryKey: entriesKey(contest.id),
    queryFn: ({ pageParam }) => adminApi.contestEntries(contest.id, { cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const moderate = useModerate(contest.id)
  const rows = rowsOf(entries)

  if (entries.isPending) return <Spinner label="Loading entries…" />
  if (entries.isError && rows.length === 0)
    return (
      <ErrorState
        title="The entries did not load"
        message={messageOf(entries.error, "The server did not answer")}
        onRetry={() => void entries.refetch()}
      />
    )
  if (rows.length === 0) return <EmptyState title="No entries in this contest yet" />
  return (
    <>
      <TableBox label="Entries">
        <thead className="bg-slate-50">
          <tr>
            <Th>Entry</Th>
            <Th>Artist</Th>
            <Th className="text-right">Votes</Th>
            <Th className="text-right">Score</Th>
            <Th>Moderation</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const image = entry.thumbnailUrl ?? entry.imageUrl
            return (
              <tr key={entry.id} className="border-t border-slate-100">
                <Td>
                  {image ? (
                    <a href={entry.imageUrl ?? image} target="_blank" rel="noopener noreferrer">
                      <img
                        src={image}
                        alt={`${entry.username}'s entry`}
                        width={64}
                        height={64}
                        loading="lazy"
                        className="size-16 rounded-md object-cover"
                      />
                    </a>
                  ) : (
                    <span className="text-slate-600">No image</span>
                  )}
                </Td>
                <Td>
                  <div className="font-medium break-words">{entry.username}</div>
                  <div className="text-xs break-all text-slate-600">{entry.artistEmail}</div>
                  <div className="text-xs text-slate-600">{dateTime(entry.createdAt)}</div>
                </Td>
                <Td className="text-right">{count(entry.voteCount)}</Td>
                <Td className="text-right">{entry.weightedScore}</Td>
                <Td>
                  <ModerationChip moderation={entry.moderation} />
                  {entry.moderationReason && (
                    <p className="mt-1 max-w-xs text-xs break-words text-slate-700">
                      {entry.moderationReason}
                    </p>
                  )}
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    {entry.moderation === "visible" ? (
                      <WithReason entry={entry} action="hide" moderate={moderate} />
                    ) : (
                      <Restore entry={entry} moderate={moderate} />
                    )}
                    {entry.moderation !== "disqualified" && (
                      <WithReason entry={entry} action="disqualify" moderate={moderate} />
                    )}
                  </div>
                </Td>
              </tr>
            )
          })}
        </tbody>
      </TableBox>
      <LoadMore pages={entries} failure="The next page did not load" />
    </>
  )
}
