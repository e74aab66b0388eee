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

type Requests = Awaited<ReturnType<typeof api.lineArtRequests>>
type LineArtRequest = Requests["requests"][number]

const REQUESTS = ["line-art-requests"] as const

const STATUS: { readonly [S in LineArtRequest["status"]]: { label: string; tone: ChipTone } } = {
  open: { label: "Waiting for review", tone: "amber" },
  accepted: { label: "Accepted", tone: "sky" },
  declined: { label: "Declined", tone: "red" },
  fulfilled: { label: "Fulfilled", tone: "green" },
}

const RequestItem = ({ request }: { readonly request: LineArtRequest }) => (
  <li className="min-w-0 rounded-lg border border-border p-4">
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Chip tone={STATUS[request.status].tone}>{STATUS[request.status].label}</Chip>
      <span className="text-xs text-muted-foreground">Filed {shortDate(request.createdAt)}</span>
    </div>
    <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{request.brief}</p>
    {request.status === "declined" && request.declineReason && (
      <p className="mt-2 text-sm text-slate-700">Reason: {request.declineReason}</p>
    )}
    {request.status === "fulfilled" && request.contestId && (
      <Link
        to={`/contests/${request.contestId}`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
      >
        See the contest with your page
      </Link>
    )}
  </li>
)

const RequestForm = () => {
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
      toast({ title: "Request sent", description: "We mailed you a copy; we mail you each step." })
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
    ? `Describe the page you want in at least ${BRIEF_MIN} characters`
    : file.isError
      ? fieldMessageOf(file.error, ["brief"], "")
      : undefined
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <Field
        label="What should the page show?"
        hint={`${BRIEF_MIN} to ${BRIEF_MAX} characters: the scene, the style, who it is for.`}
        error={briefError || undefined}
      >
        <TextArea
          value={brief}
          maxLength={BRIEF_MAX}
          onChange={(event) => setBrief(event.target.value)}
        />
      </Field>
      <Field label="Reference picture (optional)" hint="JPEG, PNG, WebP or AVIF, at most 10 MB.">
        <TextInput
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(event) => setReference(event.target.files?.[0] ?? null)}
        />
      </Field>
      {file.isError && !briefError && (
        <FormAlert message={messageOf(file.error, "The request could not be sent.")} />
      )}
      <div>
        <Button type="submit" disabled={file.isPending}>
          {file.isPending ? "Sending…" : "Send request"}
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
  const query = useQuery({ queryKey: REQUESTS, queryFn: () => api.lineArtRequests() })
  const data = query.data
  return (
    <Card title="Custom line art requests" className="mt-8">
      {query.isPending ? (
        <Spinner label="Loading your requests" />
      ) : query.isError || !data ? (
        <p role="alert" className="text-sm text-red-800">
          {messageOf(query.error, "Your requests could not be loaded.")}
        </p>
      ) : (
        <>
          {data.canRequest ? (
            <>
              <p className="text-sm text-slate-700">
                Ask for a page of your own: we may schedule a contest with it. One request at a
                time.
              </p>
              <RequestForm />
            </>
          ) : data.requests.some((r) => r.status === "open" || r.status === "accepted") ? (
            <p className="text-sm text-slate-700">
              Your request is with us; you can send a new one once it is fulfilled or declined.
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-4">
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Lock aria-hidden className="size-4" />
                Custom line art requests come with {data.unlockedBy}.
              </p>
              <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
                See {data.unlockedBy}
              </Link>
            </div>
          )}
          {data.requests.length > 0 && (
            <ul aria-label="Your requests" className="mt-6 flex flex-col gap-3">
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
