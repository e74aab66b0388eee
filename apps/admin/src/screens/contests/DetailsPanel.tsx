import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Contest } from "../../api/admin-types.ts"
import { useContestChanged } from "./contest-queries.ts"
import { ContestForm, contestChanges } from "./ContestForm.tsx"

export const MAX_REASON_LENGTH = 500

/** Cancelling asks for a reason and a confirmation; the contest then takes no entries or votes. */
const CancelContest = ({ contest }: { readonly contest: Contest }) => {
  const t = useT()
  const [reason, setReason] = useState("")
  const [reasonError, setReasonError] = useState<string | undefined>()
  const changed = useContestChanged()
  const toast = useToast()
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{t("admin.contests.cancel")}</Button>}
      title={t("admin.contests.cancel.title", { title: contest.title })}
      description={t("admin.contests.cancel.description")}
      confirmLabel={t("admin.contests.cancel")}
      busyLabel={t("admin.contests.cancel.busy")}
      cancelLabel={t("admin.contests.cancel.keep")}
      onOpenChange={(open) => {
        if (!open) {
          setReason("")
          setReasonError(undefined)
        }
      }}
      onConfirm={async () => {
        const text = reason.trim()
        if (text === "" || text.length > MAX_REASON_LENGTH) {
          setReasonError(
            text === ""
              ? t("admin.contests.cancel.reasonRequired")
              : t("admin.contests.cancel.reasonTooLong", { max: MAX_REASON_LENGTH }),
          )
          return false
        }
        const cancelled = await adminApi.cancelContest(contest.id, text)
        changed(cancelled)
        toast({ title: t("admin.contests.cancel.done"), description: cancelled.title })
      }}
    >
      <Field label={t("admin.contests.reason")} error={reasonError}>
        <TextArea
          value={reason}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value)
            setReasonError(undefined)
          }}
        />
      </Field>
    </ConfirmDialog>
  )
}

/** The contest's fields, and cancelling it while it can be. */
export const DetailsPanel = ({ contest }: { readonly contest: Contest }) => {
  const t = useT()
  const changed = useContestChanged()
  const toast = useToast()
  const cancellable = contest.status === "scheduled" || contest.status === "active"
  return (
    <div className="grid gap-4">
      <Card title={t("admin.contests.edit")}>
        {contest.status === "cancelled" && (
          <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {t("admin.contests.edit.cancelled")}
          </p>
        )}
        <ContestForm
          key={contest.id}
          contest={contest}
          submitLabel={t("admin.contests.edit.save")}
          busyLabel={t("admin.contests.saving")}
          windowLocked={contest.status !== "scheduled"}
          disabled={contest.status === "cancelled"}
          onSubmit={async (next) => {
            const changes = contestChanges(contest, next)
            if (Object.keys(changes).length === 0) {
              toast({
                title: t("admin.contests.edit.nothing"),
                description: t("admin.contests.edit.nothingBody"),
              })
              return
            }
            const saved = await adminApi.updateContest(contest.id, changes)
            changed(saved)
            toast({ title: t("admin.contests.edit.saved"), description: saved.title })
          }}
        />
      </Card>
      <Card title={t("admin.contests.cancel")}>
        {cancellable ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">{t("admin.contests.cancel.hint")}</p>
            <CancelContest contest={contest} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            {contest.status === "cancelled"
              ? t("admin.contests.cancel.isCancelled")
              : t("admin.contests.cancel.tooLate")}
          </p>
        )}
      </Card>
    </div>
  )
}
