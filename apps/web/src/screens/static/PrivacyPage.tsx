import "./catalog.ts"
import { Link } from "react-router-dom"
import {
  MINIMUM_AGE,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../../../../domain/accounts/account-rules.ts"
import { SESSION_TTL_MS } from "../../../../../domain/accounts/session.entity.ts"
import { SITE_NAME } from "../../../../../domain/site/page-titles.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { PRICE_CHANGE_NOTICE_DAYS } from "./facts.ts"
import { LegalNote } from "./LegalNote.tsx"
import { Prose } from "./Prose.tsx"

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const SESSION_COOKIE = "colorday_session"

/** /privacy: what Colorday stores, why, who sees it, and how to take it with you or delete it. */
const PrivacyPage = () => {
  const t = useT()
  const site = SITE_NAME
  const contact = <Link to="/contact" />
  const strong = <strong />
  return (
    <Prose
      title={t("web.static.privacy.title")}
      lead={
        <>
          {t("web.static.privacy.lead", { site })}
          <LegalNote />
        </>
      }
    >
      <h2>{t("web.static.privacy.store.title")}</h2>
      <h3>{t("web.static.privacy.store.account.title")}</h3>
      <p>{t("web.static.privacy.store.account.text", { age: MINIMUM_AGE })}</p>
      <h3>{t("web.static.privacy.store.entries.title")}</h3>
      <p>{t("web.static.privacy.store.entries.text")}</p>
      <h3>{t("web.static.privacy.store.votes.title")}</h3>
      <p>{t("web.static.privacy.store.votes.text")}</p>
      <h3>{t("web.static.privacy.store.payments.title")}</h3>
      <p>{t("web.static.privacy.store.payments.text")}</p>
      <h3>{t("web.static.privacy.store.messages.title")}</h3>
      <p>
        <T id="web.static.privacy.store.messages.text" components={{ 0: contact }} />
      </p>
      <h3>{t("web.static.privacy.store.downloads.title")}</h3>
      <p>{t("web.static.privacy.store.downloads.text")}</p>

      <h2>{t("web.static.privacy.cookies.title")}</h2>
      <p>
        <T
          id="web.static.privacy.cookies.session"
          values={{ site, cookie: SESSION_COOKIE, days: SESSION_TTL_MS / DAY_MS }}
          components={{ 0: <code /> }}
        />
      </p>
      <p>{t("web.static.privacy.cookies.timeZone")}</p>

      <h2>{t("web.static.privacy.who.title")}</h2>
      <ul>
        <li>
          <T id="web.static.privacy.who.public" components={{ 0: strong }} />
        </li>
        <li>
          <T id="web.static.privacy.who.private" components={{ 0: strong }} />
        </li>
        <li>
          <T id="web.static.privacy.who.providers" components={{ 0: strong }} />
        </li>
      </ul>
      <p>{t("web.static.privacy.who.noSale")}</p>

      <h2>{t("web.static.privacy.emails.title")}</h2>
      <p>
        {t("web.static.privacy.emails.text", {
          verifyHours: VERIFICATION_TOKEN_TTL_MS / HOUR_MS,
          resetHours: RESET_TOKEN_TTL_MS / HOUR_MS,
          days: PRICE_CHANGE_NOTICE_DAYS,
        })}
      </p>

      <h2>{t("web.static.privacy.rights.title")}</h2>
      <ul>
        <li>
          <T id="web.static.privacy.rights.correct" components={{ 0: strong }} />
        </li>
        <li>
          <T id="web.static.privacy.rights.download" components={{ 0: strong }} />
        </li>
        <li>
          <T id="web.static.privacy.rights.delete" components={{ 0: strong }} />
        </li>
        <li>
          <T id="web.static.privacy.rights.questions" components={{ 0: strong, 1: contact }} />
        </li>
      </ul>

      <h2>{t("web.static.privacy.adults.title")}</h2>
      <p>{t("web.static.privacy.adults.text", { site, age: MINIMUM_AGE })}</p>

      <h2>{t("web.static.privacy.changes.title")}</h2>
      <p>
        <T id="web.static.privacy.changes.text" components={{ 0: <Link to="/terms" /> }} />
      </p>
    </Prose>
  )
}

export default PrivacyPage
