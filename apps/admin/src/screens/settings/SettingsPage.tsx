import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import {
  Field,
  FormAlert,
  problemOf,
  SelectInput,
  TextInput,
  type FormProblem,
} from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { Loadable } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import {
  type Prize,
  PRIZE_FIELDS,
  prizeFieldIssues,
  prizeSent,
  type PrizeValues,
  prizeValuesOf,
} from "../contests/prize-input.ts"

const DEFAULT_PRIZE_KEY = ["admin", "default-prize"] as const

type PrizeField = keyof PrizeValues

/**
 * The daily default prize: what every daily contest created without a prize gets (the contest
 * form's "Daily default prize", the calendar's Schedule). Contests that exist keep theirs.
 */
const DefaultPrizeForm = ({ prize }: { readonly prize: Prize | null }) => {
  const toast = useToast()
  const t = useT()
  const client = useQueryClient()
  const [values, setValues] = useState<PrizeValues>(() => prizeValuesOf(prize))
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [busy, setBusy] = useState(false)

  const field = (name: PrizeField) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }))
      setProblem(null)
    },
    disabled: busy,
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const issues = values.prizeKind === "" ? {} : prizeFieldIssues(values, t)
    if (Object.keys(issues).length > 0) {
      setProblem({ fields: issues, message: t("admin.settings.checkFields") })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const saved = await adminApi.setDefaultPrize(
        values.prizeKind === "" ? null : prizeSent(values),
      )
      client.setQueryData(DEFAULT_PRIZE_KEY, saved)
      toast({
        title: t("admin.settings.saved"),
        description: saved.prize
          ? t("admin.settings.savedPrize", { prize: saved.prize.line })
          : t("admin.settings.savedNone"),
      })
    } catch (error) {
      const found = problemOf(error, Object.keys(PRIZE_FIELDS), t("admin.settings.notSaved"))
      const fields: Record<string, string> = {}
      for (const [name, message] of Object.entries(found.fields)) {
        fields[PRIZE_FIELDS[name as keyof typeof PRIZE_FIELDS]] = message
      }
      setProblem({ ...found, fields })
    } finally {
      setBusy(false)
    }
  }

  const none = values.prizeKind === ""
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="default-prize-title"
      className="grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div>
        <h2 id="default-prize-title" className="text-lg font-semibold text-slate-900">
          {t("admin.settings.prize.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.settings.prize.description")}</p>
      </div>
      <FormAlert message={problem?.message} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,8rem)]">
        <Field label={t("admin.settings.prize.kind")}>
          <SelectInput {...field("prizeKind")}>
            <option value="">{t("admin.settings.prize.none")}</option>
            <option value="cash">{t("admin.settings.prize.cash")}</option>
            <option value="credits">{t("admin.settings.prize.credits")}</option>
            <option value="other">{t("admin.settings.prize.other")}</option>
          </SelectInput>
        </Field>
        <Field
          label={t("admin.settings.prize.text")}
          hint={t("admin.settings.prize.textHint")}
          error={problem?.fields.prizeText}
        >
          <TextInput {...field("prizeText")} maxLength={200} disabled={busy || none} />
        </Field>
        <Field
          label={
            values.prizeKind === "credits"
              ? t("admin.settings.prize.credits")
              : t("admin.settings.prize.amount")
          }
          error={problem?.fields.prizeAmount}
        >
          <TextInput
            {...field("prizeAmount")}
            inputMode="decimal"
            disabled={busy || none || values.prizeKind === "other"}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.settings.saving") : t("admin.settings.save")}
        </Button>
      </div>
    </form>
  )
}

/** The dashboard's Settings: what the admin sets for the whole site. */
export default function SettingsPage() {
  const defaultPrize = useQuery({
    queryKey: DEFAULT_PRIZE_KEY,
    queryFn: () => adminApi.defaultPrize(),
  })
  const t = useT()
  return (
    <>
      <PageHeader title={t("admin.settings.title")} description={t("admin.settings.description")} />
      <Loadable
        query={defaultPrize}
        loading={t("admin.settings.loading")}
        failure={t("admin.settings.failed")}
      >
        {(answer) => <DefaultPrizeForm prize={answer.prize} />}
      </Loadable>
    </>
  )
}
