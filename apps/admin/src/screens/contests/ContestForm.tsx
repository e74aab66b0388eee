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
export const contestFormIssues = (values: Values): Partial<Record<FieldName, string>> => {
  const issues: Partial<Record<FieldName, string>> = {}
  const title = values.title.trim()
  if (title === "") issues.title = "A contest needs a title."
  else if (title.length > MAX_TITLE_LENGTH)
    issues.title = `A contest title has at most ${MAX_TITLE_LENGTH} characters (this one has ${title.length}).`
  if (values.contestType.trim() === "")
    issues.contestType = "A contest needs a type, such as daily or weekly."
  const startsAt = fromLocalInput(values.startsAt)
  const endsAt = fromLocalInput(values.endsAt)
  if (!startsAt) issues.startsAt = "Choose the date and time the contest starts."
  if (!endsAt) issues.endsAt = "Choose the date and time the contest ends."
  else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    issues.endsAt = "The contest must end after it starts."
  if (values.prizeKind !== "" && values.prizeKind !== DEFAULT_PRIZE)
    Object.assign(issues, prizeFieldIssues(values))
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
    const issues = contestFormIssues(values)
    if (Object.keys(issues).length > 0) {
      setProblem({ fields: issues, message: "Check the fields marked below." })
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
        "The contest could not be saved",
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
      <Field label="Title" error={error("title")}>
        <TextInput {...text("title")} maxLength={MAX_TITLE_LENGTH + 20} required />
      </Field>
      <Field label="Description" error={error("description")}>
        <TextArea {...text("description")} rows={3} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Contest type"
          hint="daily, weekly, traditional, digital…"
          error={error("contestType")}
        >
          <TextInput {...text("contestType")} list="contest-types" required />
        </Field>
        <Field label="Art style" error={error("artStyle")}>
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
          label="Starts"
          hint={
            windowLocked
              ? "The window cannot change once the contest has started."
              : "Your time zone."
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
        <Field label="Ends" error={error("endsAt")}>
          <TextInput
            type="datetime-local"
            {...text("endsAt")}
            disabled={disabled || busy || windowLocked}
            required
          />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,8rem)]">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Prize</legend>
        <Field label="Prize kind" error={error("prizeKind")}>
          <SelectInput {...text("prizeKind")}>
            {!contest && <option value={DEFAULT_PRIZE}>Daily default prize</option>}
            <option value="">No prize</option>
            <option value="cash">Cash</option>
            <option value="credits">Credits</option>
            <option value="other">Other</option>
          </SelectInput>
        </Field>
        <Field
          label="Prize text"
          hint="What the winner gets, in the winner's mail and on the contest."
          error={error("prizeText")}
        >
          <TextInput
            {...text("prizeText")}
            maxLength={200}
            disabled={disabled || busy || noPrizeFields}
          />
        </Field>
        <Field
          label={values.prizeKind === "credits" ? "Credits" : "Amount ($)"}
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
        <p className="-mt-2 text-sm text-slate-600">
          A daily contest gets the daily default prize set in Settings; other types get none.
        </p>
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
          <span className="font-semibold">Subscribers only</span>
          <span className="block text-slate-600">
            Everyone sees the contest and its entries; only members on a paid plan (Color Lite and
            up) may enter.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Discard
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
