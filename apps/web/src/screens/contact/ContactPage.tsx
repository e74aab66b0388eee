import "./catalog.ts"
import { Clock, HelpCircle, KeyRound, Mail } from "lucide-react"
import { useQuery } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import {
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MAX_CONTACT_SUBJECT_LENGTH,
} from "../../../../../domain/contact/contact-rules.ts"
import { api } from "../../api/api.ts"
import type { ContactForm } from "../../api/types.ts"
import { fieldErrors } from "../../session/auth/api-errors.ts"
import { TextAreaField, TextField } from "../../../../ui/src/form.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"

type Field = keyof ContactForm

const EMPTY: ContactForm = { name: "", email: "", subject: "", message: "" }
const FIELDS: ReadonlyArray<Field> = ["name", "email", "subject", "message"]
const isField = (name: string): name is Field => (FIELDS as ReadonlyArray<string>).includes(name)

/** Answers a visitor can get without waiting for a reply. */
const HELP_LINKS = [
  { to: "/faq", label: "web.contact.help.faq", icon: HelpCircle },
  { to: "/forgot-password", label: "web.contact.help.password", icon: KeyRound },
  { to: "/resend-verification", label: "web.contact.help.verification", icon: Mail },
] as const

/**
 * /contact: a message to support (stored for the admin inbox and mailed to the support address;
 * the sender gets a confirmation email).
 */
const ContactPage = () => {
  const t = useT()
  const toast = useToast()
  const config = useQuery({ queryKey: ["config"], queryFn: api.config, staleTime: Infinity })
  const [form, setForm] = useState<ContactForm>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)

  const field = (name: Field) => ({
    name,
    required: true,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }))
      setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await api.contact({
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
      })
      setForm(EMPTY)
      toast({
        title: t("web.contact.sentTitle"),
        description: t("web.contact.sent"),
      })
    } catch (error) {
      const named: Partial<Record<Field, string>> = {}
      for (const [name, text] of Object.entries(fieldErrors(error))) {
        if (isField(name)) named[name] = text
      }
      setErrors(named)
      const details = Object.values(named).join(" ")
      toast({
        title: t("web.contact.errorTitle"),
        description: details ? t("web.contact.errorDetails", { details }) : t("web.contact.error"),
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageTitle>{t("web.contact.title")}</PageTitle>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        {t("web.contact.lead")}
        {config.data && (
          <>
            {" "}
            <T
              id="web.contact.mailUs"
              values={{ email: config.data.supportEmail }}
              components={{
                0: (
                  <a
                    className="font-medium text-brand-700 underline"
                    href={`mailto:${config.data.supportEmail}`}
                  />
                ),
              }}
            />
          </>
        )}
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form
          className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-5 sm:p-6"
          onSubmit={(event) => void submit(event)}
          aria-label={t("web.contact.form")}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("web.contact.name")}
              autoComplete="name"
              maxLength={MAX_CONTACT_NAME_LENGTH}
              {...field("name")}
            />
            <TextField
              label={t("web.contact.email")}
              type="email"
              autoComplete="email"
              {...field("email")}
            />
          </div>
          <TextField
            label={t("web.contact.subject")}
            maxLength={MAX_CONTACT_SUBJECT_LENGTH}
            {...field("subject")}
          />
          <TextAreaField
            label={t("web.contact.message")}
            rows={7}
            maxLength={MAX_CONTACT_MESSAGE_LENGTH}
            {...field("message")}
          />
          <Button type="submit" className="self-start" disabled={busy}>
            {busy ? t("web.contact.sending") : t("web.contact.send")}
          </Button>
        </form>
        <aside className="flex min-w-0 flex-col gap-6">
          <div className="rounded-xl bg-brand-50 p-5">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <Clock aria-hidden className="size-5 text-brand-700" />
              {t("web.contact.replies")}
            </p>
            <p className="mt-2 text-sm text-slate-700">{t("web.contact.repliesText")}</p>
          </div>
          <div>
            <h2 className="font-semibold text-slate-900">{t("web.contact.help.title")}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {HELP_LINKS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                  >
                    <Icon aria-hidden className="size-4" />
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </Page>
  )
}

export default ContactPage
