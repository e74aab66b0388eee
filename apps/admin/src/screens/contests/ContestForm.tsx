import { useState, type FormEvent } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import {
  Field,
  FormAlert,
  problemOf,
  SelectInput,
  TextArea,
  TextInput,
  type FormProblem,
} from "../../../../ui/src/form.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
import type { Contest, NewContest } from "../../api/admin-types.ts"
import { fromLocalInput, toLocalInput } from "../../ui/dates.ts"
import { PRIZE_FIELDS, prizeFieldIssues, prizeSent, prizeValuesOf } from "./prize-input.ts"

/** The longest title the server accepts (domain/contests/contest-window.ts). */
export const MAX_TITLE_LENGTH = 120

/** Types the site knows; any other word is allowed too. */
const CONTEST_TYPES = ["daily", "weekly", "traditional", "digital"] as const

const FIELDS = [
  "title",
  "description",
  "contestType",
  "artStyle",
  "startsAt",
  "endsAt",
  "prizeKind",
  "prizeText",
  "prizeAmount",
] as const
type FieldName = (typeof FIELDS)[number]

/** The prize kind a new contest starts with: the daily default, applied by the server. */
const DEFAULT_PRIZE = "default"

/** What the form's fields hold: text, and startsAt / endsAt as datetime-local values in the admin's time zone. */
type Values = Readonly<Record<FieldName, string>>

const valuesOf = (contest: Contest | undefined): Values => ({
  title: contest?.title ?? "",
  description: contest?.description ?? "",
  contestType: contest?.contestType ?? "daily",
  artStyle: contest?.artStyle ?? "",
  startsAt: contest ? toLocalInput(contest.startsAt) : "",
  endsAt: contest ? toLocalInput(contest.endsAt) : "",
  ...(contest
    ? prizeValuesOf(contest.prize)
    : { ...prizeValuesOf(null), prizeKind: DEFAULT_PRIZE }),
})

/**
 * The prize the form sends: null for "No prize"; nothing for "Daily default prize", so the
 * server gives a daily contest the default the admin set in Settings.
 */
const prizeOf = (values: Values): NewContest["prize"] =>
  values.prizeKind === DEFAULT_PRIZE
    ? undefined
    : values.prizeKind === ""
      ? null
      : prizeSent(values)

/** What is wrong with the form before it is sent, field by field (the server checks again). */
export const contestFormIssues = (
  values: Values,
  t: Translate,
): Partial<Record<FieldName, string>> => {
  const issues: Partial<Record<FieldName, string>> = {}
  const title = values.title.trim()
  if (title === "") issues.title = t("admin.contest.form.titleRequired")
  else if (title.length > MAX_TITLE_LENGTH)
    issues.title = t("admin.contest.form.titleTooLong", {
      max: MAX_TITLE_LENGTH,
      length: title.length,
    })
  if (values.contestType.trim() === "") issues.contestType = t("admin.contest.form.typeRequired")
  const startsAt = fromLocalInput(values.startsAt)
  const endsAt = fromLocalInput(values.endsAt)
  if (!startsAt) issues.startsAt = t("admin.contest.form.startsRequired")
  if (!endsAt) issues.endsAt = t("admin.contest.form.endsRequired")
  else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    issues.endsAt = t("admin.contest.form.endsAfterStart")
  if (values.prizeKind !== "" && values.prizeKind !== DEFAULT_PRIZE)
    Object.assign(issues, prizeFieldIssues(values, t))
  return issues
}

/**
 * A contest's title, description, type, art style and window. Creating sends every field;
 * editing sends only what changed (the parent decides), so an unchanged window is never sent
 * for a contest that has started.
 */
export const ContestForm = ({
  contest,
  submitLabel,
  busyLabel,
  windowLocked = false,
  disabled = false,
  onSubmit,
  onCancel,
}: {
  readonly contest?: Contest
  readonly submitLabel: string
  readonly busyLabel: string
  /** The window of a contest that has started cannot change. */
  readonly windowLocked?: boolean
  readonly disabled?: boolean
  readonly onSubmit: (contest: NewContest) => Promise<void>
  readonly onCancel?: () => void
}) => {
  const t = useT()
  const [values, setValues] = useState<Values>(() => valuesOf(contest))
  const [subscribersOnly, setSubscribersOnly] = useState(contest?.subscribersOnly ?? false)
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setProblem((current) => {
      if (!current?.fields[field]) return current
      const { [field]: _gone, ...rest } = current.fields
      return { ...current, fields: rest }
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const issues = contestFormIssues(values, t)
    if (Object.keys(issues).length > 0) {
      setProblem({ fields: issues, message: t("admin.contest.form.checkFields") })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await onSubmit({
        title: values.title.trim(),
        description: values.description.trim(),
        contestType: values.contestType.trim(),
        artStyle: values.artStyle.trim(),
        startsAt: fromLocalInput(values.startsAt) ?? "",
        endsAt: fromLocalInput(values.endsAt) ?? "",
        prize: prizeOf(values),
        subscribersOnly,
      })
    } catch (error) {
      const found = problemOf(
        error,
        [...FIELDS, ...Object.keys(PRIZE_FIELDS)],
        t("admin.contest.form.notSaved"),
      )
      const fields: Record<string, string> = {}
      for (const [field, message] of Object.entries(found.fields)) {
        fields[PRIZE_FIELDS[field as keyof typeof PRIZE_FIELDS] ?? field] = message
      }
      setProblem({ ...found, fields })
    } finally {
      setBusy(false)
    }
  }

  const error = (field: FieldName) => problem?.fields[field]
  const noPrizeFields = values.prizeKind === "" || values.prizeKind === DEFAULT_PRIZE
  const text = (field: FieldName) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    disabled: disabled || busy,
  })

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <FormAlert message={problem?.message} />
      <Field label={t("admin.contest.form.title")} error={error("title")}>
        <TextInput {...text("title")} maxLength={MAX_TITLE_LENGTH + 20} required />
      </Field>
      <Field label={t("admin.contest.form.description")} error={error("description")}>
        <TextArea {...text("description")} rows={3} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("admin.contest.form.type")}
          hint={t("admin.contest.form.typeHint")}
          error={error("contestType")}
        >
          <TextInput {...text("contestType")} list="contest-types" required />
        </Field>
        <Field label={t("admin.contest.form.artStyle")} error={error("artStyle")}>
          <TextInput {...text("artStyle")} />
        </Field>
      </div>
      <datalist id="contest-types">
        {CONTEST_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("admin.contest.form.starts")}
          hint={
            windowLocked ? t("admin.contest.form.windowLocked") : t("admin.contest.form.timeZone")
          }
          error={error("startsAt")}
        >
          <TextInput
            type="datetime-local"
            {...text("startsAt")}
            disabled={disabled || busy || windowLocked}
            required
          />
        </Field>
        <Field label={t("admin.contest.form.ends")} error={error("endsAt")}>
          <TextInput
            type="datetime-local"
            {...text("endsAt")}
            disabled={disabled || busy || windowLocked}
            required
          />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,8rem)]">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          {t("admin.contest.form.prize")}
        </legend>
        <Field label={t("admin.settings.prize.kind")} error={error("prizeKind")}>
          <SelectInput {...text("prizeKind")}>
            {!contest && <option value={DEFAULT_PRIZE}>{t("admin.settings.prize.title")}</option>}
            <option value="">{t("admin.settings.prize.none")}</option>
            <option value="cash">{t("admin.settings.prize.cash")}</option>
            <option value="credits">{t("admin.settings.prize.credits")}</option>
            <option value="other">{t("admin.settings.prize.other")}</option>
          </SelectInput>
        </Field>
        <Field
          label={t("admin.settings.prize.text")}
          hint={t("admin.settings.prize.textHint")}
          error={error("prizeText")}
        >
          <TextInput
            {...text("prizeText")}
            maxLength={200}
            disabled={disabled || busy || noPrizeFields}
          />
        </Field>
        <Field
          label={
            values.prizeKind === "credits"
              ? t("admin.settings.prize.credits")
              : t("admin.settings.prize.amount")
          }
          error={error("prizeAmount")}
        >
          <TextInput
            {...text("prizeAmount")}
            inputMode="decimal"
            disabled={disabled || busy || noPrizeFields || values.prizeKind === "other"}
          />
        </Field>
      </fieldset>
      {values.prizeKind === DEFAULT_PRIZE && (
        <p className="-mt-2 text-sm text-slate-600">{t("admin.contest.form.defaultPrizeNote")}</p>
      )}
      <label className="flex items-start gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={subscribersOnly}
          onChange={(event) => setSubscribersOnly(event.target.checked)}
          disabled={disabled || busy}
          className="mt-0.5 size-4"
        />
        <span>
          <span className="font-semibold">{t("admin.contest.form.subscribersOnly")}</span>
          <span className="block text-slate-600">
            {t("admin.contest.form.subscribersOnlyHint")}
          </span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t("admin.contest.form.discard")}
          </Button>
        )}
        <Button type="submit" disabled={disabled || busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}

/**
 * What an edit changes: only the fields that differ from the contest (its window compared at the
 * minute the form shows), so an untouched window is never sent.
 */
export const contestChanges = (contest: Contest, next: NewContest): Partial<NewContest> => {
  const shown = valuesOf(contest)
  const changes: Record<string, unknown> = {}
  if (next.title !== contest.title.trim()) changes.title = next.title
  if (next.description !== contest.description.trim()) changes.description = next.description
  if (next.contestType !== contest.contestType.trim()) changes.contestType = next.contestType
  if (next.artStyle !== contest.artStyle.trim()) changes.artStyle = next.artStyle
  if (next.startsAt !== fromLocalInput(shown.startsAt)) changes.startsAt = next.startsAt
  if (next.endsAt !== fromLocalInput(shown.endsAt)) changes.endsAt = next.endsAt
  const before = contest.prize && {
    kind: contest.prize.kind,
    text: contest.prize.text,
    amount: contest.prize.amount,
  }
  if (JSON.stringify(next.prize ?? null) !== JSON.stringify(before))
    changes.prize = next.prize ?? null
  if ((next.subscribersOnly ?? false) !== contest.subscribersOnly)
    changes.subscribersOnly = next.subscribersOnly ?? false
  return changes
}
