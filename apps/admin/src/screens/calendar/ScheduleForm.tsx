import { useState, type FormEvent } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import {
  Field,
  FormAlert,
  problemOf,
  TextArea,
  TextInput,
  type FormProblem,
} from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { adminTimeZone } from "../../api/admin-api.ts"
import type { ScheduleContest } from "../../api/admin-types.ts"
import { dayLabel, isDay } from "../../ui/dates.ts"
import { MAX_TITLE_LENGTH } from "../contests/ContestForm.tsx"

const FIELDS = ["date", "day", "title", "description", "artStyle", "timeZone"] as const

/**
 * The daily contest of one calendar day: from that day's midnight to the next, where the admin
 * is (the time zone is sent along).
 */
export const ScheduleForm = ({
  date,
  onSubmit,
  onCancel,
}: {
  readonly date: string
  readonly onSubmit: (schedule: ScheduleContest) => Promise<void>
  readonly onCancel: () => void
}) => {
  const t = useT()
  const [values, setValues] = useState({ date, title: "", description: "", artStyle: "" })
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)
  const timeZone = adminTimeZone()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const fields: Record<string, string> = {}
    if (!isDay(values.date)) fields.date = t("admin.calendar.form.dayRequired")
    const title = values.title.trim()
    if (title === "") fields.title = t("admin.contest.form.titleRequired")
    else if (title.length > MAX_TITLE_LENGTH)
      fields.title = t("admin.contest.form.titleTooLong", {
        max: MAX_TITLE_LENGTH,
        length: title.length,
      })
    if (Object.keys(fields).length > 0) {
      setProblem({ fields, message: t("admin.contest.form.checkFields") })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const artStyle = values.artStyle.trim()
      await onSubmit({
        date: values.date,
        timeZone,
        title,
        description: values.description.trim(),
        ...(artStyle ? { artStyle } : {}),
      })
    } catch (error) {
      const found = problemOf(error, FIELDS, t("admin.calendar.form.failed"))
      const { day, ...rest } = found.fields
      setProblem({ ...found, fields: day && !rest.date ? { ...rest, date: day } : rest })
    } finally {
      setBusy(false)
    }
  }

  const bind = (field: "date" | "title" | "description" | "artStyle") => ({
    value: values[field],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [field]: value }))
    },
  })

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <FormAlert message={problem?.message} />
      <Field
        label={t("admin.calendar.form.day")}
        hint={
          isDay(values.date)
            ? t("admin.calendar.form.dayHint", {
                day: dayLabel(values.date, "long"),
                zone: timeZone,
              })
            : t("admin.calendar.form.anyDayHint", { zone: timeZone })
        }
        error={problem?.fields.date}
      >
        <TextInput type="date" {...bind("date")} required />
      </Field>
      <Field label={t("admin.contest.form.title")} error={problem?.fields.title}>
        <TextInput {...bind("title")} required />
      </Field>
      <Field label={t("admin.contest.form.description")} error={problem?.fields.description}>
        <TextArea {...bind("description")} rows={3} />
      </Field>
      <Field label={t("admin.calendar.form.artStyle")} error={problem?.fields.artStyle}>
        <TextInput {...bind("artStyle")} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("admin.contest.form.discard")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.calendar.form.scheduling") : t("admin.calendar.form.submit")}
        </Button>
      </div>
    </form>
  )
}
