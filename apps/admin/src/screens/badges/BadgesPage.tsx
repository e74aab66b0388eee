import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Search } from "lucide-react"
import { Progress } from "radix-ui"
import { useState, type FormEvent } from "react"
import { BADGE_IDS, BADGES, type BadgeId } from "../../../../../domain/badges/badges.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, FormAlert, TextInput } from "../../../../ui/src/form.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AdminMember } from "../../api/admin-types.ts"
import { BadgeSelect, useGrantBadge } from "../../badges/GrantBadge.tsx"
import { count } from "../../ui/dates.ts"

/** Finds the member to grant to: a search, then one of its results. */
const MemberPicker = ({
  chosen,
  onChoose,
}: {
  readonly chosen: AdminMember | null
  readonly onChoose: (member: AdminMember) => void
}) => {
  const [text, setText] = useState("")
  const [q, setQ] = useState<string | null>(null)
  const found = useQuery({
    queryKey: ["admin", "members", "pick", q],
    queryFn: () => adminApi.members({ q: q ?? undefined, limit: 10 }),
    enabled: q !== null,
  })
  const search = (event: { preventDefault(): void; stopPropagation(): void }) => {
    event.preventDefault()
    event.stopPropagation()
    if (text.trim()) setQ(text.trim())
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Find the member" className="min-w-0 flex-1">
          <TextInput
            type="search"
            value={text}
            placeholder="E-mail, username or name"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") search(event)
            }}
          />
        </Field>
        <Button variant="secondary" onClick={search}>
          <Search aria-hidden className="size-4" />
          Find
        </Button>
      </div>
      {q !== null &&
        (found.isPending ? (
          <Spinner label="Searching…" />
        ) : found.isError ? (
          <ErrorState
            title="The search failed"
            message={messageOf(found.error, "The server did not answer")}
            onRetry={() => void found.refetch()}
          />
        ) : found.data.items.length === 0 ? (
          <EmptyState title={`No members match “${q}”`} />
        ) : (
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-800">Member</legend>
            <ul className="mt-1 grid gap-1">
              {found.data.items.map((member) => (
                <li key={member.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input
                      type="radio"
                      name="grant-member"
                      checked={chosen?.id === member.id}
                      onChange={() => onChoose(member)}
                    />
                    <span className="min-w-0 break-words">
                      <span className="font-medium">{member.username}</span>{" "}
                      <span className="break-all text-slate-600">{member.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
    </div>
  )
}

const GrantByHand = () => {
  const [member, setMember] = useState<AdminMember | null>(null)
  const [badge, setBadge] = useState<BadgeId | "">("")
  const [errors, setErrors] = useState<{ member?: string; badge?: string }>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const grant = useGrantBadge()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = {
      ...(member ? {} : { member: "Find and choose the member first." }),
      ...(badge ? {} : { badge: "Choose the badge to grant." }),
    }
    setErrors(missing)
    if (!member || !badge) return
    setBusy(true)
    setProblem(null)
    try {
      await grant(member.id, member.username, badge)
      setBadge("")
    } catch (error) {
      setProblem(messageOf(error, "The badge could not be granted"))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title="Grant a badge">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <FormAlert message={problem} />
        <MemberPicker
          chosen={member}
          onChoose={(next) => {
            setMember(next)
            setErrors((current) => ({ ...current, member: undefined }))
          }}
        />
        {errors.member && <p className="text-sm text-red-700">{errors.member}</p>}
        <Field label="Badge" error={errors.badge}>
          <BadgeSelect
            value={badge}
            disabled={busy}
            onChange={(next) => {
              setBadge(next)
              setErrors((current) => ({ ...current, badge: undefined }))
            }}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Granting…" : member ? `Grant badge to ${member.username}` : "Grant badge"}
          </Button>
        </div>
      </form>
    </Card>
  )
}

type Run =
  | { readonly state: "idle" }
  | { readonly state: "running"; readonly done: number; readonly total: number | null }
  | { readonly state: "done"; readonly granted: number; readonly total: number | null }
  | { readonly state: "failed"; readonly message: string; readonly done: number }

/**
 * Re-checks every member against the badge rules and grants what is due. The server streams its
 * progress (NDJSON lines), read here as they come.
 */
const Backfill = () => {
  const [run, setRun] = useState<Run>({ state: "idle" })
  const client = useQueryClient()
  const toast = useToast()

  const start = async () => {
    let done = 0
    let total: number | null = null
    let granted: number | null = null
    setRun({ state: "running", done, total })
    try {
      await adminApi.backfillBadges((line) => {
        if (line.type === "progress") {
          done = line.done
          total = line.total
          setRun({ state: "running", done, total })
        } else if (line.type === "done") {
          granted = line.granted
        }
      })
      if (granted === null) throw new Error("The backfill stopped before it said it was done.")
      setRun({ state: "done", granted, total })
      toast({ title: "Backfill done", description: `${count(granted)} badges granted.` })
      void client.invalidateQueries({ queryKey: ["admin"] })
    } catch (error) {
      setRun({ state: "failed", message: messageOf(error, "The backfill failed"), done })
    }
  }

  const percent =
    run.state === "running" && run.total
      ? Math.round((run.done / run.total) * 100)
      : run.state === "done"
        ? 100
        : 0

  return (
    <Card title="Backfill badges">
      <p className="text-sm text-slate-700">
        Checks every member against the rules of the six badges and grants those they have earned
        but do not hold yet. Badges already held are kept.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
        {BADGE_IDS.map((id) => (
          <li key={id}>
            <span className="font-medium">{BADGES[id].name}</span>: {BADGES[id].description}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button disabled={run.state === "running"} onClick={() => void start()}>
          {run.state === "running" ? "Running…" : "Run backfill"}
        </Button>
      </div>
      {run.state !== "idle" && (
        <div className="mt-4 grid gap-2">
          <Progress.Root
            value={percent}
            aria-label="Backfill progress"
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <Progress.Indicator
              className="h-full bg-brand-600 transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </Progress.Root>
          <p aria-live="polite" className="text-sm text-slate-700">
            {run.state === "running" &&
              (run.total === null
                ? "Starting…"
                : `${count(run.done)} of ${count(run.total)} checked (${percent}%)`)}
            {run.state === "done" &&
              `Done: ${count(run.granted)} ${run.granted === 1 ? "badge" : "badges"} granted.`}
          </p>
          {run.state === "failed" && (
            <ErrorState
              title="The backfill stopped"
              message={`${run.message} (${count(run.done)} checked before it stopped.)`}
              onRetry={() => void start()}
            />
          )}
        </div>
      )}
    </Card>
  )
}

/** Badges by hand, and the backfill that grants what the rules say is due. */
const BadgesPage = () => (
  <>
    <PageHeader title="Badges" description="Grant a badge by hand, or run the backfill." />
    <div className="grid gap-4 lg:grid-cols-2">
      <GrantByHand />
      <Backfill />
    </div>
  </>
)

export default BadgesPage
