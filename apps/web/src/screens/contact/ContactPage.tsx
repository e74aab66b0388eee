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
import { useToast } from "../../../../ui/src/toast.tsx"

type Field = keyof ContactForm

const EMPTY: ContactForm = { name: "", email: "", subject: "", message: "" }
const FIELDS: ReadonlyArray<Field> = ["name", "email", "subject", "message"]
const isField = (name: string): name is Field => (FIELDS as ReadonlyArray<string>).includes(name)

/** Answers a visitor can get without waiting for a reply. */
const HELP_LINKS = [
  { to: "/faq", label: "Read the FAQ", icon: HelpCircle },
  { to: "/forgot-password", label: "Reset your password", icon: KeyRound },
  { to: "/resend-verification", label: "Resend the verification email", icon: Mail },
] as const

/**
 * /contact: a message to support (stored for the admin inbox and mailed to the support address;
 * the sender gets a confirmation email).
 */
const ContactPage = () => {
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
        title: "Message sent!",
        description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      })
    } catch (error) {
      const named: Partial<Record<Field, string>> = {}
      for (const [name, text] of Object.entries(fieldErrors(error))) {
        if (isField(name)) named[name] = text
      }
      setErrors(named)
      const details = Object.values(named).join(" ")
      toast({
        title: "Error",
        description: `Failed to send message. Please try again later.${details ? ` ${details}` : ""}`,
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageTitle>Contact Us</PageTitle>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        A question about a contest, your plan or your account? Write to us with this form — we read
        every message.
        {config.data && (
          <>
            {" "}
            Or e-mail us at{" "}
            <a
              className="font-medium text-brand-700 underline"
              href={`mailto:${config.data.supportEmail}`}
            >
              {config.data.supportEmail}
            </a>
            .
          </>
        )}
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form
          className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-5 sm:p-6"
          onSubmit={(event) => void submit(event)}
          aria-label="Contact form"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              autoComplete="name"
              maxLength={MAX_CONTACT_NAME_LENGTH}
              {...field("name")}
            />
            <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
          </div>
          <TextField label="Subject" maxLength={MAX_CONTACT_SUBJECT_LENGTH} {...field("subject")} />
          <TextAreaField
            label="Message"
            rows={7}
            maxLength={MAX_CONTACT_MESSAGE_LENGTH}
            {...field("message")}
          />
          <Button type="submit" className="self-start" disabled={busy}>
            {busy ? "Sending..." : "Send Message"}
          </Button>
        </form>
        <aside className="flex min-w-0 flex-col gap-6">
          <div className="rounded-xl bg-brand-50 p-5">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <Clock aria-hidden className="size-5 text-brand-700" />
              Replies within 24 hours
            </p>
            <p className="mt-2 text-sm text-slate-700">
              We answer every message within 24 hours, by email to the address you give. You will
              also get a confirmation that your message arrived.
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-slate-900">Quick help</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {HELP_LINKS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                  >
                    <Icon aria-hidden className="size-4" />
                    {label}
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
