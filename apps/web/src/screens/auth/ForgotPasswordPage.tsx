import "../../session/auth/catalog.ts"
import { KeyRound } from "lucide-react"
import { Link } from "react-router-dom"
import { RESET_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { MailALinkPage } from "./MailALinkPage.tsx"

const RESET_LINK_HOURS = RESET_TOKEN_TTL_MS / 3_600_000

/** /forgot-password: asks for a reset link; the answer is the same whether the account exists. */
const ForgotPasswordPage = () => {
  const t = useT()
  return (
    <MailALinkPage
      send={api.forgotPassword}
      toasts={{
        sentTitle: t("web.auth.forgot.sentTitle"),
        failedTitle: t("web.auth.forgot.failedTitle"),
        failedDefault: t("web.auth.forgot.failedDefault"),
      }}
      icon={KeyRound}
      title={t("web.auth.forgot.title")}
      lead={t("web.auth.forgot.lead")}
      field={{ label: t("web.auth.forgot.emailLabel") }}
      submitLabel={t("web.auth.forgot.submit")}
      sentLead={(sentTo) => (
        <T
          id="web.auth.forgot.sentLead"
          values={{ email: sentTo, hours: RESET_LINK_HOURS }}
          components={{ 0: <strong /> }}
        />
      )}
      homeLabel={t("web.auth.backHome")}
      footer={
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("web.auth.forgot.remembered")}{" "}
          <Link to="/?signin=true" className="font-medium text-brand-700 hover:underline">
            {t("web.auth.forgot.signIn")}
          </Link>
        </p>
      }
    />
  )
}

export default ForgotPasswordPage
