import "./catalog.ts"
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
import { T, useT } from "../../../ui/src/i18n.tsx"
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
  const t = useT()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [text, setText] = useState(mine?.text ?? "")
  const [tooShort, setTooShort] = useState(false)
  const send = useMutation({
    mutationFn: () => api.giveFeedback(entryId, text),
    onSuccess: async (given) => {
      toast({
        title: given.created ? t("web.entry.feedback.sent") : t("web.entry.feedback.saved"),
        description: given.created ? t("web.entry.feedback.sentDescription") : "",
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
    ? t("web.entry.feedback.tooShort", { min: FEEDBACK_MIN_LENGTH })
    : send.isError
      ? fieldMessageOf(send.error, ["text"], "")
      : undefined
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
      <Field
        label={mine ? t("web.entry.feedback.yours") : t("web.entry.feedback.write")}
        hint={t("web.entry.feedback.hint", { min: FEEDBACK_MIN_LENGTH, max: FEEDBACK_MAX_LENGTH })}
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
        <FormAlert message={messageOf(send.error, t("web.entry.feedback.sendFailed"))} />
      )}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending
            ? t("web.entry.feedback.sending")
            : mine
              ? t("web.entry.feedback.save")
              : t("web.entry.feedback.send")}
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
  const t = useT()
  const { member } = useSession()
  const isArtist = member?.id === artistId
  const mayRead = Boolean(member && (isArtist || member.isJudge || member.isAdmin))
  const query = useQuery({
    queryKey: feedbackKey(entryId),
    queryFn: () => api.entryFeedback(entryId),
    enabled: mayRead,
  })
  if (!mayRead) return null
  if (query.isPending) return <Spinner label={t("web.entry.feedback.loading")} />
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {messageOf(query.error, t("web.entry.feedback.loadFailed"))}
      </p>
    )
  }
  const { items, canWrite, offered } = query.data
  const mine = items.find((item) => item.mine)
  const others = items.filter((item) => !item.mine || !canWrite)
  return (
    <Card title={t("web.entry.feedback.title")}>
      {others.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {others.map((item) => (
            <li key={item.id} className="min-w-0 rounded-lg border border-border p-4">
              <p className="text-sm text-muted-foreground">
                <T
                  id={
                    item.updatedAt === item.createdAt
                      ? "web.entry.feedback.byline"
                      : "web.entry.feedback.bylineEdited"
                  }
                  values={{ judge: item.judgeName, date: shortDate(item.createdAt) }}
                  components={{ 0: <span className="font-medium text-slate-900" /> }}
                />
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">
                {item.text}
              </p>
            </li>
          ))}
        </ul>
      ) : isArtist ? (
        offered ? (
          <p className="text-sm text-slate-700">{t("web.entry.feedback.noneYetArtist")}</p>
        ) : (
          <p className="text-sm text-slate-700">
            {t("web.entry.feedback.perk")}{" "}
            <Link to="/pricing" className="font-medium text-brand-700 underline">
              {t("web.entry.feedback.seePlans")}
            </Link>
          </p>
        )
      ) : (
        !canWrite && (
          <p className="text-sm text-slate-700">
            {offered ? t("web.entry.feedback.noneYet") : t("web.entry.feedback.notOffered")}
          </p>
        )
      )}
      {canWrite && <FeedbackForm key={mine?.id ?? "new"} entryId={entryId} mine={mine} />}
    </Card>
  )
}
