import "./catalog.ts"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Lock } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Link } from "react-router-dom"
import { BRIEF_MAX, BRIEF_MIN } from "../../../../../domain/perks/line-art-request.entity.ts"
import { api } from "../../api/api.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { Card, Chip, type ChipTone } from "../../../../ui/src/card.tsx"
import { Field, FormAlert, TextArea, TextInput } from "../../../../ui/src/form.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { fieldMessageOf, messageOf } from "../../../../ui/src/messages.ts"
import { Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

type Requests = Awaited<ReturnType<typeof api.lineArtRequests>>
type LineArtRequest = Requests["requests"][number]

const REQUESTS = ["line-art-requests"] as const

const STATUS: { readonly [S in LineArtRequest["status"]]: { label: string; tone: ChipTone } } = {
  open: { label: "web.profile.requests.status.open", tone: "amber" },
  accepted: { label: "web.profile.requests.status.accepted", tone: "sky" },
  declined: { label: "web.profile.requests.status.declined", tone: "red" },
  fulfilled: { label: "web.profile.requests.status.fulfilled", tone: "green" },
}

const RequestItem = ({ request }: { readonly request: LineArtRequest }) => {
  const t = useT()
  return (
    <li className="min-w-0 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Chip tone={STATUS[request.status].tone}>{t(STATUS[request.status].label)}</Chip>
        <span className="text-xs text-muted-foreground">
          {t("web.profile.requests.filed", { date: shortDate(request.createdAt) })}
        </span>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{request.brief}</p>
      {request.status === "declined" && request.declineReason && (
        <p className="mt-2 text-sm text-slate-700">
          {t("web.profile.requests.reason", { reason: request.declineReason })}
        </p>
      )}
      {request.status === "fulfilled" && request.contestId && (
        <Link
          to={`/contests/${request.contestId}`}
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
        >
          {t("web.profile.requests.seeContest")}
        </Link>
      )}
    </li>
  )
}

const RequestForm = () => {
  const t = useT()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [brief, setBrief] = useState("")
  const [reference, setReference] = useState<File | null>(null)
  const [tooShort, setTooShort] = useState(false)
  const file = useMutation({
    mutationFn: () => api.fileLineArtRequest(brief, reference),
    onSuccess: async () => {
      setBrief("")
      setReference(null)
      toast({
        title: t("web.profile.requests.sent"),
        description: t("web.profile.requests.sentDescription"),
      })
      await queryClient.invalidateQueries({ queryKey: REQUESTS })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const short = brief.trim().length < BRIEF_MIN
    setTooShort(short)
    if (!short) file.mutate()
  }
  const briefError = tooShort
    ? t("web.profile.requests.tooShort", { min: BRIEF_MIN })
    : file.isError
      ? fieldMessageOf(file.error, ["brief"], "")
      : undefined
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <Field
        label={t("web.profile.requests.brief")}
        hint={t("web.profile.requests.briefHint", { min: BRIEF_MIN, max: BRIEF_MAX })}
        error={briefError || undefined}
      >
        <TextArea
          value={brief}
          maxLength={BRIEF_MAX}
          onChange={(event) => setBrief(event.target.value)}
        />
      </Field>
      <Field
        label={t("web.profile.requests.reference")}
        hint={t("web.profile.requests.referenceHint")}
      >
        <TextInput
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(event) => setReference(event.target.files?.[0] ?? null)}
        />
      </Field>
      {file.isError && !briefError && (
        <FormAlert message={messageOf(file.error, t("web.profile.requests.sendFailed"))} />
      )}
      <div>
        <Button type="submit" disabled={file.isPending}>
          {file.isPending ? t("web.profile.requests.sending") : t("web.profile.requests.send")}
        </Button>
      </div>
    </form>
  )
}

/**
 * Custom line art requests on the member's profile (Color Champ): the form while none waits, and
 * every request with its status (the reason of a decline, the contest that fulfilled it).
 */
export const LineArtRequests = () => {
  const t = useT()
  const query = useQuery({ queryKey: REQUESTS, queryFn: () => api.lineArtRequests() })
  const data = query.data
  return (
    <Card title={t("web.profile.requests.title")} className="mt-8">
      {query.isPending ? (
        <Spinner label={t("web.profile.requests.loading")} />
      ) : query.isError || !data ? (
        <p role="alert" className="text-sm text-red-800">
          {messageOf(query.error, t("web.profile.requests.loadFailed"))}
        </p>
      ) : (
        <>
          {data.canRequest ? (
            <>
              <p className="text-sm text-slate-700">{t("web.profile.requests.lead")}</p>
              <RequestForm />
            </>
          ) : data.requests.some((r) => r.status === "open" || r.status === "accepted") ? (
            <p className="text-sm text-slate-700">{t("web.profile.requests.waiting")}</p>
          ) : (
            <div className="flex flex-wrap items-center gap-4">
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Lock aria-hidden className="size-4" />
                {t("web.profile.requests.locked", { plan: data.unlockedBy })}
              </p>
              <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
                {t("web.profile.requests.seePlan", { plan: data.unlockedBy })}
              </Link>
            </div>
          )}
          {data.requests.length > 0 && (
            <ul aria-label={t("web.profile.requests.label")} className="mt-6 flex flex-col gap-3">
              {data.requests.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  )
}
