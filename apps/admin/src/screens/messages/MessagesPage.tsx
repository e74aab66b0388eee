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
  { value: "unhandled", label: "Unhandled" },
  { value: "all", label: "All messages" },
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
  const [open, setOpen] = useState(false)
  const [subject, setSubject] = useState(`Re: ${message.subject}`)
  const [body, setBody] = useState("")
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)
  const changed = useMessagesChanged()
  const toast = useToast()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const fields: Record<string, string> = {}
    if (subject.trim() === "") fields.subject = "The reply needs a subject."
    if (body.trim() === "") fields.body = "Write the reply."
    if (Object.keys(fields).length > 0) {
      setProblem({ fields, message: "Check the fields marked below." })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await adminApi.reply(message.id, subject.trim(), body.trim())
      setOpen(false)
      setBody("")
      toast({ title: "Reply sent", description: `Mailed to ${message.email}.` })
      changed()
    } catch (error) {
      setProblem(problemOf(error, ["subject", "body"], "The reply could not be sent"))
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
      title={`Reply to ${message.name}`}
      description={`Mailed to ${message.email} from the support address; the message is then marked handled.`}
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" aria-label={`Reply to ${message.name}`}>
          <Reply aria-hidden className="size-4" />
          Reply
        </Button>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <FormAlert message={problem?.message} />
        <Field label="Subject" error={problem?.fields.subject}>
          <TextInput
            value={subject}
            disabled={busy}
            onChange={(event) => setSubject(event.target.value)}
          />
        </Field>
        <Field label="Reply" error={problem?.fields.body}>
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
            {busy ? "Sending…" : "Send reply"}
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
  const handled = message.handledAt !== null
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      disabled={busy}
      aria-label={`${handled ? "Mark unhandled" : "Mark handled"}: ${message.subject}`}
      onClick={() => {
        setBusy(true)
        adminApi
          .setHandled(message.id, !handled)
          .then(() => {
            toast({
              title: handled ? "Marked unhandled" : "Marked handled",
              description: message.subject,
            })
            changed()
          })
          .catch((error: unknown) =>
            toast({
              title: "Could not update the message",
              description: messageOf(error, "The server refused"),
              variant: "destructive",
            }),
          )
          .finally(() => setBusy(false))
      }}
    >
      {busy ? "Saving…" : handled ? "Mark unhandled" : "Mark handled"}
    </Button>
  )
}

const MessageCard = ({ message }: { readonly message: ContactMessage }) => (
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
                  member
                </Link>
              </>
            )}
          </p>
        </div>
        {message.handledAt ? (
          <Chip tone="green">Handled {dateTime(message.handledAt)}</Chip>
        ) : (
          <Chip tone="amber">Unhandled</Chip>
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

  return (
    <>
      <PageHeader
        title="Messages"
        description="What visitors and members sent through the contact form."
      />
      <div
        role="group"
        aria-label="Show"
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
            {filter.label}
          </button>
        ))}
      </div>
      {messages.isPending ? (
        <Spinner label="Loading messages…" />
      ) : messages.isError && rows.length === 0 ? (
        <ErrorState
          title="The messages did not load"
          message={messageOf(messages.error, "The server did not answer")}
          onRetry={() => void messages.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={status === "unhandled" ? "No unhandled messages" : "No messages yet"}>
          {status === "unhandled" && "Everything has been answered."}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3">
            {rows.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ul>
          <LoadMore pages={messages} failure="The next page did not load" />
        </>
      )}
    </>
  )
}

export default MessagesPage
