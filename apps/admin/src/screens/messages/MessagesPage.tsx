import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query"
import { Reply } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { Chip } from "../../../../ui/src/card.tsx"
import { DialogActions, FormDialog } from "../../../../ui/src/dialog.tsx"
import {
  Field,
  FormAlert,
  problemOf,
  TextArea,
  TextInput,
  type FormProblem,
} from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { ContactMessage, MessageStatus } from "../../api/admin-types.ts"
import { rowsOf } from "../../ui/admin-ui.tsx"
import { dateTime } from "../../ui/dates.ts"

const FILTERS: ReadonlyArray<{ readonly value: MessageStatus; readonly label: string }> = [
  { value: "unhandled", label: "admin.messages.filter.unhandled" },
  { value: "all", label: "admin.messages.filter.all" },
]

/** Messages change together: the inbox pages and the overview's unread count. */
const useMessagesChanged = () => {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: ["admin", "messages"] })
    void client.invalidateQueries({ queryKey: ["admin", "overview"] })
  }
}

const ReplyDialog = ({ message }: { readonly message: ContactMessage }) => {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [subject, setSubject] = useState(() =>
    t("admin.messages.reply.subjectPrefix", { subject: message.subject }),
  )
  const [body, setBody] = useState("")
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)
  const changed = useMessagesChanged()
  const toast = useToast()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const fields: Record<string, string> = {}
    if (subject.trim() === "") fields.subject = t("admin.messages.reply.subjectRequired")
    if (body.trim() === "") fields.body = t("admin.messages.reply.bodyRequired")
    if (Object.keys(fields).length > 0) {
      setProblem({ fields, message: t("admin.messages.checkFields") })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await adminApi.reply(message.id, subject.trim(), body.trim())
      setOpen(false)
      setBody("")
      toast({
        title: t("admin.messages.reply.sent"),
        description: t("admin.messages.reply.sentBody", { email: message.email }),
      })
      changed()
    } catch (error) {
      setProblem(problemOf(error, ["subject", "body"], t("admin.messages.reply.failed")))
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setProblem(null)
      }}
      title={t("admin.messages.reply.title", { name: message.name })}
      description={t("admin.messages.reply.description", { email: message.email })}
      trigger={
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={t("admin.messages.reply.title", { name: message.name })}
        >
          <Reply aria-hidden className="size-4" />
          {t("admin.messages.reply.button")}
        </Button>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <FormAlert message={problem?.message} />
        <Field label={t("admin.messages.reply.subject")} error={problem?.fields.subject}>
          <TextInput
            value={subject}
            disabled={busy}
            onChange={(event) => setSubject(event.target.value)}
          />
        </Field>
        <Field label={t("admin.messages.reply.button")} error={problem?.fields.body}>
          <TextArea
            value={body}
            rows={6}
            disabled={busy}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <blockquote className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">
          {message.message}
        </blockquote>
        <DialogActions>
          <Button type="submit" disabled={busy}>
            {busy ? t("admin.messages.reply.sending") : t("admin.messages.reply.send")}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  )
}

const HandledToggle = ({ message }: { readonly message: ContactMessage }) => {
  const [busy, setBusy] = useState(false)
  const changed = useMessagesChanged()
  const toast = useToast()
  const t = useT()
  const handled = message.handledAt !== null
  const label = handled ? t("admin.messages.markUnhandled") : t("admin.messages.markHandled")
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={busy}
      aria-label={t("admin.messages.markLabel", { action: label, subject: message.subject })}
      onClick={() => {
        setBusy(true)
        adminApi
          .setHandled(message.id, !handled)
          .then(() => {
            toast({
              title: handled
                ? t("admin.messages.markedUnhandled")
                : t("admin.messages.markedHandled"),
              description: message.subject,
            })
            changed()
          })
          .catch((error: unknown) =>
            toast({
              title: t("admin.messages.updateFailed"),
              description: messageOf(error, t("admin.messages.refused")),
              variant: "destructive",
            }),
          )
          .finally(() => setBusy(false))
      }}
    >
      {busy ? t("admin.messages.saving") : label}
    </Button>
  )
}

const MessageCard = ({ message }: { readonly message: ContactMessage }) => {
  const t = useT()
  return (
    <li>
      <article
        aria-label={message.subject}
        className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold break-words text-slate-900">{message.subject}</h2>
            <p className="text-sm break-words text-slate-600">
              {message.name} &lt;<span className="break-all">{message.email}</span>&gt; ·{" "}
              {dateTime(message.createdAt)}
              {message.memberId && (
                <>
                  {" · "}
                  <Link
                    to={`/members/${message.memberId}`}
                    className="text-brand-700 hover:underline"
                  >
                    {t("admin.messages.member")}
                  </Link>
                </>
              )}
            </p>
          </div>
          {message.handledAt ? (
            <Chip tone="green">
              {t("admin.messages.handledAt", { date: dateTime(message.handledAt) })}
            </Chip>
          ) : (
            <Chip tone="amber">{t("admin.messages.filter.unhandled")}</Chip>
          )}
        </div>
        <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800">
          {message.message}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <ReplyDialog message={message} />
          <HandledToggle message={message} />
        </div>
      </article>
    </li>
  )
}

/** The contact form's inbox: read, reply by mail, mark handled. */
const MessagesPage = () => {
  const [params, setParams] = useSearchParams()
  const status: MessageStatus = params.get("status") === "all" ? "all" : "unhandled"
  const messages = useInfiniteQuery({
    queryKey: ["admin", "messages", status],
    queryFn: ({ pageParam }) => adminApi.messages({ status, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = rowsOf(messages)
  const t = useT()

  return (
    <>
      <PageHeader title={t("admin.messages.title")} description={t("admin.messages.description")} />
      <div
        role="group"
        aria-label={t("admin.messages.show")}
        className="mb-4 inline-flex rounded-md border border-slate-300 bg-white p-0.5"
      >
        {FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={status === filter.value}
            onClick={() =>
              setParams(filter.value === "all" ? { status: "all" } : {}, { replace: true })
            }
            className={`rounded px-3 py-1.5 text-sm font-medium ${
              status === filter.value
                ? "bg-brand-600 text-white"
                : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {t(filter.label)}
          </button>
        ))}
      </div>
      {messages.isPending ? (
        <Spinner label={t("admin.messages.loading")} />
      ) : messages.isError && rows.length === 0 ? (
        <ErrorState
          title={t("admin.messages.failed")}
          message={messageOf(messages.error, t("admin.messages.noAnswer"))}
          onRetry={() => void messages.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            status === "unhandled" ? t("admin.messages.noneUnhandled") : t("admin.messages.none")
          }
        >
          {status === "unhandled" && t("admin.messages.allAnswered")}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3">
            {rows.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ul>
          <LoadMore pages={messages} failure={t("admin.messages.nextFailed")} />
        </>
      )}
    </>
  )
}

export default MessagesPage
