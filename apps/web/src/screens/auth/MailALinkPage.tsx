import "../../session/auth/catalog.ts"
import { MailCheck, type LucideIcon } from "lucide-react"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { TextField } from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"
import { useMailALink } from "./useMailALink.ts"

/**
 * A "mail me a link" page (forgot password, resend verification): one e-mail field, then
 * "Check Your Email" naming the address (`sentLead`), with Try Another Email and a way home.
 */
export const MailALinkPage = ({
  send,
  toasts,
  icon,
  title,
  lead,
  field,
  submitLabel,
  sentLead,
  homeLabel,
  footer,
}: {
  readonly send: (email: string) => Promise<{ readonly message: string }>
  readonly toasts: {
    readonly sentTitle: string
    readonly failedTitle: string
    readonly failedDefault: string
  }
  readonly icon: LucideIcon
  readonly title: string
  readonly lead: string
  readonly field: { readonly label: string; readonly hint?: string }
  readonly submitLabel: string
  /** What the sent view says about the address the link went to. */
  readonly sentLead: (sentTo: string) => ReactNode
  readonly homeLabel: string
  /** Under the form: where else to go. */
  readonly footer: ReactNode
}) => {
  const t = useT()
  const { email, setEmail, busy, sentTo, tryAnother, onSubmit } = useMailALink({ send, ...toasts })

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title={t("web.auth.mailLink.sentTitle")}
        lead={
          <>
            <p>{sentLead(sentTo)}</p>
            <p className="mt-2 text-sm text-slate-600">{t("web.auth.mailLink.spam")}</p>
          </>
        }
      >
        <CardActions>
          <Button variant="secondary" onClick={tryAnother}>
            {t("web.auth.mailLink.tryAnother")}
          </Button>
          <Link to="/" className={buttonVariants()}>
            {homeLabel}
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  return (
    <AuthCard icon={icon} title={title} lead={lead}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          label={field.label}
          type="email"
          name="email"
          autoComplete="email"
          required
          hint={field.hint}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={busy || email.trim() === ""}>
          {busy ? t("web.auth.sending") : submitLabel}
        </Button>
      </form>
      {footer}
    </AuthCard>
  )
}
