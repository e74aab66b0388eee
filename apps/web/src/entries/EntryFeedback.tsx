import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Link } from "react-router-dom"
import {
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_MIN_LENGTH,
} from "../../../../domain/feedback/feedback-rules.ts"
import { api } from "../api/api.ts"
import { useSession } from "../session/session.tsx"
import { Button } from "../../../ui/src/button.tsx"
import { Card } from "../../../ui/src/card.tsx"
import { Field, FormAlert, TextArea } from "../../../ui/src/form.tsx"
import { shortDate } from "../../../ui/src/format.ts"
import { fieldMessageOf, messageOf } from "../../../ui/src/messages.ts"
import { Spinner } from "../../../ui/src/states.tsx"
import { useToast } from "../../../ui/src/toast.tsx"

type Shown = Awaited<ReturnType<typeof api.entryFeedback>>

export const feedbackKey = (entryId: string) => ["entry-feedback", entryId] as const

/** The judge's form: new feedback, or their own to rewrite. */
const FeedbackForm = ({
  entryId,
  mine,
}: {
  readonly entryId: string
  readonly mine: Shown["items"][number] | undefined
}) => {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [text, setText] = useState(mine?.text ?? "")
  const [tooShort, setTooShort] = useState(false)
  const send = useMutation({
    mutationFn: () => api.giveFeedback(entryId, text),
    onSuccess: async (given) => {
      toast({
        title: given.created ? "Feedback sent" : "Feedback saved",
        description: given.created ? "We mailed the artist that it is on their entry's page." : "",
      })
      await queryClient.invalidateQueries({ queryKey: feedbackKey(entryId) })
      await queryClient.invalidateQueries({ queryKey: JUDGING_QUEUE })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const short = text.trim().length < FEEDBACK_MIN_LENGTH
    setTooShort(short)
    if (!short) send.mutate()
  }
  const error = tooShort
    ? `Write at least ${FEEDBACK_MIN_LENGTH} characters of feedback`
    : send.isError
      ? fieldMessageOf(send.error, ["text"], "")
      : undefined
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
      <Field
        label={mine ? "Your feedback" : "Write feedback"}
        hint={`${FEEDBACK_MIN_LENGTH} to ${FEEDBACK_MAX_LENGTH} characters. Only the artist, the judges and admins read it.`}
        error={error || undefined}
      >
        <TextArea
          rows={6}
          value={text}
          maxLength={FEEDBACK_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      {send.isError && !error && (
        <FormAlert message={messageOf(send.error, "The feedback could not be sent.")} />
      )}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending…" : mine ? "Save changes" : "Send feedback"}
        </Button>
      </div>
    </form>
  )
}

export const JUDGING_QUEUE = ["judging-queue"] as const

/**
 * Professional feedback on an entry's page (issue 19): shown to the entry's artist, the judges and
 * admins only (it is the artist's to share), with the judge's form when they may write.
 */
export const EntryFeedback = ({
  entryId,
  artistId,
}: {
  readonly entryId: string
  readonly artistId: string
}) => {
  const { member } = useSession()
  const isArtist = member?.id === artistId
  const mayRead = Boolean(member && (isArtist || member.isJudge || member.isAdmin))
  const query = useQuery({
    queryKey: feedbackKey(entryId),
    queryFn: () => api.entryFeedback(entryId),
    enabled: mayRead,
  })
  if (!mayRead) return null
  if (query.isPending) return <Spinner label="Loading feedback" />
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {messageOf(query.error, "The feedback could not be loaded.")}
      </p>
    )
  }
  const { items, canWrite, offered } = query.data
  const mine = items.find((item) => item.mine)
  const others = items.filter((item) => !item.mine || !canWrite)
  return (
    <Card title="Professional feedback">
      {others.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {others.map((item) => (
            <li key={item.id} className="min-w-0 rounded-lg border border-border p-4">
              <p className="text-sm text-muted-foreground">
                <span className="font-medium text-slate-900">{item.judgeName}</span>, judge ·{" "}
                {shortDate(item.createdAt)}
                {item.updatedAt !== item.createdAt && " (edited)"}
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">
                {item.text}
              </p>
            </li>
          ))}
        </ul>
      ) : isArtist ? (
        offered ? (
          <p className="text-sm text-slate-700">
            No feedback yet: our judges write on Color Champ members' entries, and we mail you when
            it is here.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Professional feedback from our judges comes with Color Champ.{" "}
            <Link to="/pricing" className="font-medium text-brand-700 underline">
              See the plans
            </Link>
          </p>
        )
      ) : (
        !canWrite && (
          <p className="text-sm text-slate-700">
            {offered
              ? "No feedback yet."
              : "This entry's artist is not on Color Champ: professional feedback is a Color Champ perk."}
          </p>
        )
      )}
      {canWrite && <FeedbackForm key={mine?.id ?? "new"} entryId={entryId} mine={mine} />}
    </Card>
  )
}
