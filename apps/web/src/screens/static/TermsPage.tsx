import "./catalog.ts"
import { Link } from "react-router-dom"
import { MINIMUM_AGE } from "../../../../../domain/accounts/account-rules.ts"
import {
  CONTACT_REPLY_HOURS,
  EXTRA_ENTRY_PRICE,
  PAID_PLANS,
  PLAN_LIST,
  PRICE_CHANGE_NOTICE_DAYS,
  SUBMISSION_WINDOW_HOURS,
  drawingPrize,
  planSentence,
} from "./facts.ts"
import { scoreRule } from "../../plans/score-rule.ts"
import { SITE_NAME } from "../../../../../domain/site/page-titles.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { LegalNote } from "./LegalNote.tsx"
import { Prose } from "./Prose.tsx"

/** /terms: the rules of using Colorday, its contests and its plans. */
const TermsPage = () => {
  const t = useT()
  const site = SITE_NAME
  const contact = <Link to="/contact" />
  return (
    <Prose
      title={t("web.static.terms.title")}
      lead={
        <>
          {t("web.static.terms.lead", { site })}
          <LegalNote />
        </>
      }
    >
      <h2>{t("web.static.terms.who.title", { site })}</h2>
      <p>{t("web.static.terms.who.text", { site, age: MINIMUM_AGE })}</p>

      <h2>{t("web.static.terms.account.title")}</h2>
      <ul>
        <li>{t("web.static.terms.account.accurate")}</li>
        <li>
          <T id="web.static.terms.account.password" components={{ 0: contact }} />
        </li>
        <li>{t("web.static.terms.account.data")}</li>
        <li>{t("web.static.terms.account.suspend")}</li>
      </ul>

      <h2>{t("web.static.terms.contests.title")}</h2>
      <ul>
        <li>{t("web.static.terms.contests.open", { hours: SUBMISSION_WINDOW_HOURS })}</li>
        <li>{t("web.static.terms.contests.own")}</li>
        <li>{t("web.static.terms.contests.credit")}</li>
        <li>{t("web.static.terms.contests.hide")}</li>
        <li>{t("web.static.terms.contests.result", { scoreRule: scoreRule(t) })}</li>
      </ul>

      <h2>{t("web.static.terms.voting.title")}</h2>
      <p>{t("web.static.terms.voting.text")}</p>

      <h2>{t("web.static.terms.artwork.title")}</h2>
      <p>{t("web.static.terms.artwork.text", { site })}</p>

      <h2>{t("web.static.terms.plans.title")}</h2>
      <ul>
        {PLAN_LIST.map((plan) => (
          <li key={plan.tier}>{planSentence(plan, t)}</li>
        ))}
      </ul>
      <p>
        <T
          id="web.static.terms.plans.billing"
          values={{ price: EXTRA_ENTRY_PRICE, days: PRICE_CHANGE_NOTICE_DAYS }}
          components={{ 0: contact }}
        />
      </p>

      <h2>{t("web.static.terms.prizes.title")}</h2>
      <p>
        <T
          id="web.static.terms.prizes.text"
          values={{
            drawings: PAID_PLANS.map((plan) =>
              t("web.static.terms.prizes.drawing", {
                plan: plan.name,
                prize: drawingPrize(plan) ?? t("web.static.terms.prizes.none"),
              }),
            ).join(", "),
          }}
          components={{ 0: <Link to="/rewards" /> }}
        />
      </p>

      <h2>{t("web.static.terms.behaviour.title")}</h2>
      <p>{t("web.static.terms.behaviour.text")}</p>

      <h2>{t("web.static.terms.service.title")}</h2>
      <p>{t("web.static.terms.service.text", { site })}</p>

      <h2>{t("web.static.terms.changes.title")}</h2>
      <p>
        <T
          id="web.static.terms.changes.text"
          values={{ hours: CONTACT_REPLY_HOURS }}
          components={{ 0: contact, 1: <Link to="/privacy" /> }}
        />
      </p>
    </Prose>
  )
}

export default TermsPage
