import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query"
import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
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

export const reasonProblem = (reason: string, t: Translate): string | undefined => {
  const length = reason.trim().length
  if (length < REASON_MIN) return t("admin.contests.moderation.reasonShort", { min: REASON_MIN })
  if (length > REASON_MAX)
    return t("admin.contests.moderation.reasonLong", { max: REASON_MAX, length })
  return undefined
}

/** Each action's toast, as a message id. */
const TOASTS: { readonly [A in ModerationAction]: string } = {
  hide: "admin.contests.moderation.hidden",
  disqualify: "admin.contests.moderation.disqualified",
  restore: "admin.contests.moderation.restored",
}

/** Moderates one entry and puts the server's answer in the list; the ranking is read again. */
const useModerate = (contestId: string) => {
  const t = useT()
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
    toast({
      title: t(TOASTS[action]),
      description: t("admin.contests.entryOf", { username: updated.username }),
    })
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
  const t = useT()
  const [reason, setReason] = useState("")
  const [error, setError] = useState<string | undefined>()
  const hide = action === "hide"
  const username = entry.username
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant={hide ? "secondary" : "danger"}
          className="px-3 py-1.5"
          aria-label={
            hide
              ? t("admin.contests.moderation.hideLabel", { username })
              : t("admin.contests.moderation.disqualifyLabel", { username })
          }
        >
          {hide ? t("admin.contests.moderation.hide") : t("admin.contests.moderation.disqualify")}
        </Button>
      }
      title={
        hide
          ? t("admin.contests.moderation.hideTitle", { username })
          : t("admin.contests.moderation.disqualifyTitle", { username })
      }
      description={
        hide
          ? t("admin.contests.moderation.hideBody", { username })
          : t("admin.contests.moderation.disqualifyBody", { username })
      }
      confirmLabel={
        hide
          ? t("admin.contests.moderation.hideConfirm")
          : t("admin.contests.moderation.disqualifyConfirm")
      }
      busyLabel={
        hide ? t("admin.contests.moderation.hiding") : t("admin.contests.moderation.disqualifying")
      }
      onOpenChange={(open) => {
        if (!open) {
          setReason("")
          setError(undefined)
        }
      }}
      onConfirm={async () => {
        const problem = reasonProblem(reason, t)
        if (problem) {
          setError(problem)
          return false
        }
        await moderate(entry, action, reason.trim())
      }}
    >
      <Field
        label={t("admin.contests.reason")}
        hint={t("admin.contests.moderation.reasonHint")}
        error={error}
      >
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
  const t = useT()
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  const username = entry.username
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={busy}
      aria-label={
        busy
          ? t("admin.contests.moderation.restoringLabel", { username })
          : t("admin.contests.moderation.restoreLabel", { username })
      }
      onClick={() => {
        setBusy(true)
        moderate(entry, "restore")
          .catch((error: unknown) =>
            toast({
              title: t("admin.contests.moderation.restoreFailed"),
              description: messageOf(error, t("admin.contests.refused")),
              variant: "destructive",
            }),
          )
          .finally(() => setBusy(false))
      }}
    >
      {busy ? t("admin.contests.moderation.restoring") : t("admin.contests.moderation.restore")}
    </Button>
  )
}

/** Every entry of the contest, hidden and disqualified ones too, with what can be done to each. */
export const ModerationPanel = ({ contest }: { readonly contest: Contest }) => {
  const t = useT()
  const entries = useInfiniteQuery({
    queryKey: entriesKey(contest.id),
    queryFn: ({ pageParam }) => adminApi.contestEntries(contest.id, { cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const moderate = useModerate(contest.id)
  const rows = rowsOf(entries)

  if (entries.isPending) return <Spinner label={t("admin.contests.moderation.loading")} />
  if (entries.isError && rows.length === 0)
    return (
      <ErrorState
        title={t("admin.contests.moderation.failed")}
        message={messageOf(entries.error, t("admin.contests.noAnswer"))}
        onRetry={() => void entries.refetch()}
      />
    )
  if (rows.length === 0) return <EmptyState title={t("admin.contests.moderation.none")} />
  return (
    <>
      <TableBox label={t("admin.contests.entries")}>
        <thead className="bg-slate-50">
          <tr>
            <Th>{t("admin.contests.entry")}</Th>
            <Th>{t("admin.contests.artist")}</Th>
            <Th className="text-right">{t("admin.contests.votes")}</Th>
            <Th className="text-right">{t("admin.contests.score")}</Th>
            <Th>{t("admin.contests.moderation")}</Th>
            <Th>
              <span className="sr-only">{t("admin.contests.actions")}</span>
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
                        alt={t("admin.contests.entryOf", { username: entry.username })}
                        width={64}
                        height={64}
                        loading="lazy"
                        className="size-16 rounded-md object-cover"
                      />
                    </a>
                  ) : (
                    <span className="text-slate-600">{t("admin.contests.noImage")}</span>
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
      <LoadMore pages={entries} failure={t("admin.contests.nextFailed")} />
    </>
  )
}
