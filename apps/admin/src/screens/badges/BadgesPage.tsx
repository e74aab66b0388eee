import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Search } from "lucide-react"
import { Progress } from "radix-ui"
import { useState, type FormEvent } from "react"
import { BADGE_IDS, type BadgeId } from "../../../../../domain/badges/badges.ts"
import { badgeText } from "../../../../ui/src/badge-text.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, FormAlert, TextInput } from "../../../../ui/src/form.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
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
  const t = useT()
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
        <Field label={t("admin.badges.pick.find")} className="min-w-0 flex-1">
          <TextInput
            type="search"
            value={text}
            placeholder={t("admin.badges.pick.placeholder")}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") search(event)
            }}
          />
        </Field>
        <Button variant="secondary" onClick={search}>
          <Search aria-hidden className="size-4" />
          {t("admin.badges.pick.search")}
        </Button>
      </div>
      {q !== null &&
        (found.isPending ? (
          <Spinner label={t("admin.badges.pick.searching")} />
        ) : found.isError ? (
          <ErrorState
            title={t("admin.badges.pick.failed")}
            message={messageOf(found.error, t("ui.noAnswer"))}
            onRetry={() => void found.refetch()}
          />
        ) : found.data.items.length === 0 ? (
          <EmptyState title={t("admin.badges.pick.none", { q })} />
        ) : (
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-800">
              {t("admin.badges.pick.member")}
            </legend>
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
  const t = useT()
  const [member, setMember] = useState<AdminMember | null>(null)
  const [badge, setBadge] = useState<BadgeId | "">("")
  const [errors, setErrors] = useState<{ member?: string; badge?: string }>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const grant = useGrantBadge()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = {
      ...(member ? {} : { member: t("admin.badges.pick.required") }),
      ...(badge ? {} : { badge: t("admin.badges.grant.required") }),
    }
    setErrors(missing)
    if (!member || !badge) return
    setBusy(true)
    setProblem(null)
    try {
      await grant(member.id, member.username, badge)
      setBadge("")
    } catch (error) {
      setProblem(messageOf(error, t("admin.badges.grant.failed")))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t("admin.badges.byHand.title")}>
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
        <Field label={t("admin.badges.grant.badge")} error={errors.badge}>
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
            {busy
              ? t("admin.badges.grant.granting")
              : member
                ? t("admin.badges.grant.buttonLabel", { member: member.username })
                : t("admin.badges.grant.button")}
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
  const t = useT()
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
      if (granted === null) throw new Error(t("admin.badges.backfill.unfinished"))
      setRun({ state: "done", granted, total })
      toast({
        title: t("admin.badges.backfill.doneToast"),
        description: t("admin.badges.backfill.granted", { count: granted }),
      })
      void client.invalidateQueries({ queryKey: ["admin"] })
    } catch (error) {
      setRun({
        state: "failed",
        message: messageOf(error, t("admin.badges.backfill.failed")),
        done,
      })
    }
  }

  const percent =
    run.state === "running" && run.total
      ? Math.round((run.done / run.total) * 100)
      : run.state === "done"
        ? 100
        : 0

  return (
    <Card title={t("admin.badges.backfill.title")}>
      <p className="text-sm text-slate-700">{t("admin.badges.backfill.description")}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
        {BADGE_IDS.map((id) => (
          <li key={id}>
            <T
              id="admin.badges.backfill.rule"
              values={badgeText(id, t)}
              components={{ 0: <span className="font-medium" /> }}
            />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button disabled={run.state === "running"} onClick={() => void start()}>
          {run.state === "running"
            ? t("admin.badges.backfill.running")
            : t("admin.badges.backfill.run")}
        </Button>
      </div>
      {run.state !== "idle" && (
        <div className="mt-4 grid gap-2">
          <Progress.Root
            value={percent}
            aria-label={t("admin.badges.backfill.progress")}
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
                ? t("admin.badges.backfill.starting")
                : t("admin.badges.backfill.checked", {
                    done: count(run.done),
                    total: count(run.total),
                    percent,
                  }))}
            {run.state === "done" && t("admin.badges.backfill.done", { count: run.granted })}
          </p>
          {run.state === "failed" && (
            <ErrorState
              title={t("admin.badges.backfill.stopped")}
              message={t("admin.badges.backfill.stoppedText", {
                message: run.message,
                done: count(run.done),
              })}
              onRetry={() => void start()}
            />
          )}
        </div>
      )}
    </Card>
  )
}

/** Badges by hand, and the backfill that grants what the rules say is due. */
const BadgesPage = () => {
  const t = useT()
  return (
    <>
      <PageHeader
        title={t("admin.layout.title.badges")}
        description={t("admin.badges.page.description")}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <GrantByHand />
        <Backfill />
      </div>
    </>
  )
}

export default BadgesPage
