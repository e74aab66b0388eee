import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Contest } from "../../api/admin-types.ts"
import { useContestChanged } from "./contest-queries.ts"
import { ContestForm, contestChanges } from "./ContestForm.tsx"

export const MAX_REASON_LENGTH = 500

/** Cancelling asks for a reason and a confirmation; the contest then takes no entries or votes. */
const CancelContest = ({ contest }: { readonly contest: Contest }) => {
  const [reason, setReason] = useState("")
  const [reasonError, setReasonError] = useState<string | undefined>()
  const changed = useContestChanged()
  const toast = useToast()
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">Cancel contest</Button>}
      title={`Cancel “${contest.title}”?`}
      description="A cancelled contest takes no more entries or votes and has no winner. Every entry's credit goes back to its member, and each entrant is mailed your reason. This cannot be undone."
      confirmLabel="Cancel contest"
      busyLabel="Cancelling…"
      cancelLabel="Keep the contest"
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
              ? "Give the reason for cancelling."
              : `The reason has at most ${MAX_REASON_LENGTH} characters.`,
          )
          return false
        }
        const cancelled = await adminApi.cancelContest(contest.id, text)
        changed(cancelled)
        toast({ title: "Contest cancelled", description: cancelled.title })
      }}
    >
      <Field label="Reason" error={reasonError}>
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
  const changed = useContestChanged()
  const toast = useToast()
  const cancellable = contest.status === "scheduled" || contest.status === "active"
  return (
    <div className="grid gap-4">
      <Card title="Edit contest">
        {contest.status === "cancelled" && (
          <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
            This contest was cancelled: it can no longer be edited.
          </p>
        )}
        <ContestForm
          key={contest.id}
          contest={contest}
          submitLabel="Save changes"
          busyLabel="Saving…"
          windowLocked={contest.status !== "scheduled"}
          disabled={contest.status === "cancelled"}
          onSubmit={async (next) => {
            const changes = contestChanges(contest, next)
            if (Object.keys(changes).length === 0) {
              toast({ title: "Nothing to save", description: "No field was changed." })
              return
            }
            const saved = await adminApi.updateContest(contest.id, changes)
            changed(saved)
            toast({ title: "Contest saved", description: saved.title })
          }}
        />
      </Card>
      <Card title="Cancel contest">
        {cancellable ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">
              Cancel a contest that should not run, before it ends.
            </p>
            <CancelContest contest={contest} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            {contest.status === "cancelled"
              ? "This contest is cancelled."
              : "A contest that has ended cannot be cancelled."}
          </p>
        )}
      </Card>
    </div>
  )
}
