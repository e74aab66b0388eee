import "../../session/auth/catalog.ts"
import { MailQuestion } from "lucide-react"
import { Link } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { api } from "../../api/api.ts"
import { CardActions } from "./AuthCard.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { MailALinkPage } from "./MailALinkPage.tsx"

const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

/** /resend-verification: a new verification link; the same answer whether the account exists. */
const ResendVerificationPage = () => {
  const t = useT()
  return (
    <MailALinkPage
      send={api.resendVerification}
      toasts={{
        sentTitle: t("web.auth.resend.sentTitle"),
        failedTitle: t("web.auth.resend.failedTitle"),
        failedDefault: t("web.auth.tryAgain"),
      }}
      icon={MailQuestion}
      title={t("web.auth.resend.title")}
      lead={t("web.auth.resend.lead")}
      field={{ label: t("web.auth.email"), hint: t("web.auth.resend.hint") }}
      submitLabel={t("web.auth.resend.submit")}
      sentLead={(sentTo) => (
        <T
          id="web.auth.resend.sentLead"
          values={{ email: sentTo, hours: LINK_HOURS }}
          components={{ 0: <strong /> }}
        />
      )}
      homeLabel={t("web.auth.goHomepage")}
      footer={
        <div className="mt-6 border-t border-slate-200 pt-4">
          <p className="mb-3 text-center text-sm text-slate-600">{t("web.auth.resend.already")}</p>
          <CardActions>
            <Link to="/?signin=true" className={buttonVariants({ variant: "secondary" })}>
              {t("web.auth.resend.trySignIn")}
            </Link>
            <Link to="/" className={buttonVariants({ variant: "ghost" })}>
              {t("web.auth.goHomepage")}
            </Link>
          </CardActions>
        </div>
      }
    />
  )
}

export default ResendVerificationPage
