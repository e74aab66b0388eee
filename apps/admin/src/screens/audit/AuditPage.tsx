import { useInfiniteQuery } from "@tanstack/react-query"
import { ChevronDown, ChevronRight } from "lucide-react"
import { Fragment, useState, type FormEvent } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, SelectInput, TextInput } from "../../../../ui/src/form.tsx"
import { T, useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AuditFilters, AuditRow, TargetType } from "../../api/admin-types.ts"
import { rowsOf } from "../../ui/admin-ui.tsx"
import { dateTime, isDay } from "../../ui/dates.ts"

/** The actions the dashboard and the CLI record (the contract's list), offered as the prefix. */
export const AUDIT_ACTIONS = [
  "contest.create",
  "contest.update",
  "contest.cancel",
  "contest.schedule",
  "contest.line-art",
  "contest.close",
  "contest.announce",
  "entry.hide",
  "entry.disqualify",
  "entry.restore",
  "member.admin",
  "member.suspend",
  "member.unsuspend",
  "badge.grant",
  "badge.backfill",
  "badge.backfill.page",
  "message.handled",
  "message.reply",
] as const

export const TARGET_TYPES: ReadonlyArray<TargetType> = [
  "contest",
  "entry",
  "member",
  "badge",
  "message",
]

/** A target type's name ("contest"), in the page's language. */
const TARGET_TYPE_NAMES: Readonly<Record<TargetType, string>> = {
  contest: "admin.audit.type.contest",
  entry: "admin.audit.type.entry",
  member: "admin.audit.type.member",
  badge: "admin.audit.type.badge",
  message: "admin.audit.type.message",
  drawing: "admin.audit.type.drawing",
  "premium-page": "admin.audit.type.premiumPage",
  "line-art-request": "admin.audit.type.lineArtRequest",
  "site-setting": "admin.audit.type.siteSetting",
}

const targetTypeName = (type: string, t: Translate): string =>
  type in TARGET_TYPE_NAMES ? t(TARGET_TYPE_NAMES[type as TargetType]) : type

const FILTER_KEYS = ["action", "targetType", "actor", "targetId", "from", "to"] as const
type FilterKey = (typeof FILTER_KEYS)[number]

/** The filters as the URL holds them (so a filtered view can be shared and reloaded). */
const filtersOf = (params: URLSearchParams): AuditFilters =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() || undefined]))

/** The top-level fields that differ between before and after, when both are objects. */
export const changedFields = (before: unknown, after: unknown): string[] => {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value)
  if (!isRecord(before) || !isRecord(after)) return []
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
}

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)

const Diff = ({ row }: { readonly row: AuditRow }) => {
  const t = useT()
  const changed = changedFields(row.before, row.after)
  return (
    <div className="grid gap-2">
      {changed.length > 0 && (
        <p className="text-xs text-slate-700">
          <T
            id="admin.audit.changed"
            values={{ fields: changed.join(", ") }}
            components={{ 0: <span className="font-mono" /> }}
          />
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {(
          [
            [t("admin.audit.before"), row.before],
            [t("admin.audit.after"), row.after],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <p className="mb-1 text-xs font-semibold text-slate-700">{label}</p>
            <pre
              tabIndex={0}
              aria-label={t("admin.audit.recordLabel", { label, action: row.action })}
              className="max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
            >
              {json(value)}
            </pre>
          </div>
        ))}
      </div>
    </div>
  )
}

const Target = ({ row }: { readonly row: AuditRow }) => {
  const t = useT()
  const path =
    row.targetType === "contest"
      ? `/contests/${row.targetId}`
      : row.targetType === "member"
        ? `/members/${row.targetId}`
        : null
  return (
    <span className="break-all">
      {targetTypeName(row.targetType, t)}{" "}
      {path ? (
        <Link to={path} className="font-mono text-xs text-brand-700 hover:underline">
          {row.targetId}
        </Link>
      ) : (
        <span className="font-mono text-xs">{row.targetId}</span>
      )}
    </span>
  )
}

const FiltersForm = ({
  filters,
  onApply,
}: {
  readonly filters: AuditFilters
  readonly onApply: (filters: AuditFilters) => void
}) => {
  const t = useT()
  const [values, setValues] = useState<Record<FilterKey, string>>(
    () =>
      Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] ?? ""])) as Record<
        FilterKey,
        string
      >,
  )
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>({})
  const bind = (key: FilterKey) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [key]: value }))
      setErrors((current) => ({ ...current, [key]: undefined }))
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Partial<Record<FilterKey, string>> = {}
    if (values.from && !isDay(values.from)) problems.from = t("admin.audit.filters.chooseDay")
    if (values.to && !isDay(values.to)) problems.to = t("admin.audit.filters.chooseDay")
    if (
      values.from &&
      values.to &&
      isDay(values.from) &&
      isDay(values.to) &&
      values.to < values.from
    )
      problems.to = t("admin.audit.filters.order")
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    onApply(Object.fromEntries(FILTER_KEYS.map((key) => [key, values[key].trim() || undefined])))
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("admin.audit.filters.label")}
      className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label={t("admin.audit.action")} hint={t("admin.audit.filters.actionHint")}>
        <TextInput {...bind("action")} list="audit-actions" />
      </Field>
      <datalist id="audit-actions">
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <Field label={t("admin.audit.filters.targetType")}>
        <SelectInput {...bind("targetType")}>
          <option value="">{t("admin.audit.filters.any")}</option>
          {TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {targetTypeName(type, t)}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field label={t("admin.audit.filters.actor")}>
        <TextInput {...bind("actor")} />
      </Field>
      <Field label={t("admin.audit.filters.targetId")}>
        <TextInput {...bind("targetId")} />
      </Field>
      <Field label={t("admin.audit.filters.from")} error={errors.from}>
        <TextInput type="date" {...bind("from")} />
      </Field>
      <Field label={t("admin.audit.filters.to")} error={errors.to}>
        <TextInput type="date" {...bind("to")} />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t("admin.audit.filters.apply")}</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          {t("admin.audit.filters.clear")}
        </Button>
      </div>
    </form>
  )
}

/** Every admin action: who, when, what, and the record before and after. Filters live in the URL. */
const AuditPage = () => {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const audit = useInfiniteQuery({
    queryKey: ["admin", "audit", filters],
    queryFn: ({ pageParam }) => adminApi.audit(filters, { cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = rowsOf(audit)
  const filtered = Object.values(filters).some(Boolean)

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <>
      <PageHeader
        title={t("admin.layout.title.audit")}
        description={t("admin.audit.description")}
      />
      <FiltersForm
        key={params.toString()}
        filters={filters}
        onApply={(next) => {
          const search = new URLSearchParams()
          for (const key of FILTER_KEYS) {
            const value = next[key]
            if (value) search.set(key, value)
          }
          setParams(search)
        }}
      />
      {audit.isPending ? (
        <Spinner label={t("admin.audit.loading")} />
      ) : audit.isError && rows.length === 0 ? (
        <ErrorState
          title={t("admin.audit.failed")}
          message={messageOf(audit.error, t("ui.noAnswer"))}
          onRetry={() => void audit.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={filtered ? t("admin.audit.noMatch") : t("admin.audit.empty")} />
      ) : (
        <>
          <TableBox label={t("admin.layout.title.audit")}>
            <thead className="bg-slate-50">
              <tr>
                <Th>{t("admin.audit.when")}</Th>
                <Th>{t("admin.audit.who")}</Th>
                <Th>{t("admin.audit.action")}</Th>
                <Th>{t("admin.audit.target")}</Th>
                <Th>{t("admin.audit.changes")}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const expanded = open.has(row.id)
                const detailsId = `audit-${row.id}`
                return (
                  <Fragment key={row.id}>
                    <tr className="border-t border-slate-100">
                      <Td className="whitespace-nowrap">{dateTime(row.at)}</Td>
                      <Td>
                        {row.actor ? (
                          <Link
                            to={`/members/${row.actor.id}`}
                            className="text-brand-700 hover:underline"
                          >
                            {row.actor.username}
                          </Link>
                        ) : (
                          <span className="text-slate-700">{t("admin.audit.operator")}</span>
                        )}
                      </Td>
                      <Td className="font-mono text-xs">{row.action}</Td>
                      <Td>
                        <Target row={row} />
                      </Td>
                      <Td>
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          aria-label={t(
                            expanded ? "admin.audit.hideLabel" : "admin.audit.showLabel",
                            {
                              action: row.action,
                              at: dateTime(row.at),
                            },
                          )}
                          onClick={() => toggle(row.id)}
                          className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
                        >
                          {expanded ? (
                            <ChevronDown aria-hidden className="size-4" />
                          ) : (
                            <ChevronRight aria-hidden className="size-4" />
                          )}
                          {expanded ? t("admin.audit.hide") : t("admin.audit.show")}
                        </button>
                      </Td>
                    </tr>
                    {expanded && (
                      <tr id={detailsId} className="bg-slate-50">
                        <td colSpan={5} className="px-3 py-3">
                          <Diff row={row} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                )
              })}
            </tbody>
          </TableBox>
          <LoadMore pages={audit} failure={t("admin.audit.nextFailed")} />
        </>
      )}
    </>
  )
}

export default AuditPage
