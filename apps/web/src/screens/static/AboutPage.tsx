import "./catalog.ts"
import { Link } from "react-router-dom"
import { MINIMUM_AGE } from "../../../../../domain/accounts/account-rules.ts"
import { SITE_NAME } from "../../../../../domain/site/page-titles.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import {
  FREE_PLAN,
  PAID_PLANS,
  SUBMISSION_WINDOW_HOURS,
  entriesText,
  planSentence,
} from "./facts.ts"
import { scoreRule } from "../../plans/score-rule.ts"
import { Prose } from "./Prose.tsx"

/** /about: what Colorday is, how a contest day runs, who may enter. */
const AboutPage = () => {
  const t = useT()
  return (
    <Prose
      title={t("web.static.about.title", { site: SITE_NAME })}
      lead={t("web.static.about.lead", { site: SITE_NAME })}
      actions={
        <>
          <Link to="/" className={buttonVariants()}>
            {t("web.static.about.seeToday")}
          </Link>
          <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
            {t("web.static.about.browseGallery")}
          </Link>
        </>
      }
    >
      <h2>{t("web.static.about.why.title")}</h2>
      <p>{t("web.static.about.why.text", { site: SITE_NAME })}</p>

      <h2>{t("web.static.about.day.title")}</h2>
      <ol>
        <li>
          <T id="web.static.about.day.download" components={{ 0: <strong /> }} />
        </li>
        <li>
          <T id="web.static.about.day.color" components={{ 0: <strong /> }} />
        </li>
        <li>
          <T
            id="web.static.about.day.submit"
            values={{ hours: SUBMISSION_WINDOW_HOURS }}
            components={{ 0: <strong /> }}
          />
        </li>
        <li>
          <T id="web.static.about.day.vote" components={{ 0: <strong /> }} />
        </li>
        <li>
          <T
            id="web.static.about.day.win"
            values={{ scoreRule: scoreRule(t) }}
            components={{ 0: <strong />, 1: <Link to="/contests" /> }}
          />
        </li>
      </ol>

      <h2>{t("web.static.about.adults.title", { age: MINIMUM_AGE })}</h2>
      <p>{t("web.static.about.adults.text", { site: SITE_NAME, age: MINIMUM_AGE })}</p>

      <h2>{t("web.static.about.plans.title")}</h2>
      <p>
        {t("web.static.about.plans.text", {
          plan: FREE_PLAN.name,
          entries: entriesText(FREE_PLAN, t),
        })}
      </p>
      <ul>
        {PAID_PLANS.map((plan) => (
          <li key={plan.tier}>{planSentence(plan, t)}</li>
        ))}
      </ul>
      <p>
        <T
          id="web.static.about.plans.credits"
          components={{ 0: <Link to="/pricing" />, 1: <Link to="/rewards" /> }}
        />
      </p>

      <h2>{t("web.static.about.cause.title")}</h2>
      <p>{t("web.static.about.cause.text")}</p>

      <h2>{t("web.static.about.questions.title")}</h2>
      <p>
        <T
          id="web.static.about.questions.text"
          components={{ 0: <Link to="/faq" />, 1: <Link to="/contact" /> }}
        />
      </p>
    </Prose>
  )
}

export default AboutPage
