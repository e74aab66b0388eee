import "./catalog.ts"
import { ChevronDown } from "lucide-react"
import { Accordion } from "radix-ui"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import {
  MINIMUM_AGE,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../../../../domain/accounts/account-rules.ts"
import { BADGE_IDS } from "../../../../../domain/badges/badges.ts"
import { SITE_NAME } from "../../../../../domain/site/page-titles.ts"
import { badgeText } from "../../plans/plan-text.ts"
import { scoreRule } from "../../plans/score-rule.ts"
import { T, useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import {
  CONTACT_REPLY_HOURS,
  EXTRA_ENTRY_PRICE,
  MAX_UPLOAD_MB,
  PLAN_LIST,
  PRICE_CHANGE_NOTICE_DAYS,
  SUBMISSION_WINDOW_HOURS,
  entriesText,
  planSentence,
  voteWeightText,
} from "./facts.ts"

const HOUR_MS = 3_600_000

/** The ten questions (§2 "FAQ"), answered with what the site really does. */
const questions = (
  t: Translate,
): ReadonlyArray<{ readonly id: string; readonly q: string; readonly a: ReactNode }> => [
  {
    id: "what",
    q: t("web.static.faq.what.q", { site: SITE_NAME }),
    a: <p>{t("web.static.faq.what.a")}</p>,
  },
  {
    id: "who",
    q: t("web.static.faq.who.q"),
    a: <p>{t("web.static.faq.who.a", { age: MINIMUM_AGE })}</p>,
  },
  {
    id: "how",
    q: t("web.static.faq.how.q"),
    a: (
      <ol>
        <li>{t("web.static.faq.how.download")}</li>
        <li>{t("web.static.faq.how.color")}</li>
        <li>{t("web.static.faq.how.submit", { hours: SUBMISSION_WINDOW_HOURS })}</li>
        <li>{t("web.static.faq.how.vote")}</li>
      </ol>
    ),
  },
  {
    id: "files",
    q: t("web.static.faq.files.q"),
    a: (
      <>
        <p>{t("web.static.faq.files.formats", { mb: MAX_UPLOAD_MB })}</p>
        <p>{t("web.static.faq.files.tips")}</p>
      </>
    ),
  },
  {
    id: "entries",
    q: t("web.static.faq.entries.q"),
    a: (
      <>
        <p>{t("web.static.faq.entries.intro")}</p>
        <ul>
          {PLAN_LIST.map((plan) => (
            <li key={plan.tier}>
              {t("web.static.faq.planLine", { plan: plan.name, text: entriesText(plan, t) })}
            </li>
          ))}
        </ul>
        <p>
          <T
            id="web.static.faq.entries.renew"
            values={{ price: EXTRA_ENTRY_PRICE }}
            components={{ 0: <Link to="/pricing" /> }}
          />
        </p>
      </>
    ),
  },
  {
    id: "voting",
    q: t("web.static.faq.voting.q"),
    a: (
      <>
        <p>{t("web.static.faq.voting.rules")}</p>
        <p>{t("web.static.faq.voting.weight")}</p>
        <ul>
          {PLAN_LIST.map((plan) => (
            <li key={plan.tier}>
              {t("web.static.faq.planLine", { plan: plan.name, text: voteWeightText(plan, t) })}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: "winners",
    q: t("web.static.faq.winners.q"),
    a: (
      <p>
        <T
          id="web.static.faq.winners.a"
          values={{ scoreRule: scoreRule(t) }}
          components={{ 0: <Link to="/contests" />, 1: <Link to="/leaderboard" /> }}
        />
      </p>
    ),
  },
  {
    id: "badges",
    q: t("web.static.faq.badges.q"),
    a: (
      <>
        <p>{t("web.static.faq.badges.intro")}</p>
        <ul>
          {BADGE_IDS.map((id) => (
            <li key={id}>
              <T
                id="web.static.faq.badges.item"
                values={badgeText(id, t)}
                components={{ 0: <strong /> }}
              />
            </li>
          ))}
        </ul>
        <p>
          <T id="web.static.faq.badges.rewards" components={{ 0: <Link to="/rewards" /> }} />
        </p>
      </>
    ),
  },
  {
    id: "plans",
    q: t("web.static.faq.plans.q"),
    a: (
      <>
        <ul>
          {PLAN_LIST.map((plan) => (
            <li key={plan.tier}>{planSentence(plan, t)}</li>
          ))}
        </ul>
        <p>
          <T
            id="web.static.faq.plans.payments"
            values={{ days: PRICE_CHANGE_NOTICE_DAYS }}
            components={{ 0: <Link to="/pricing" /> }}
          />
        </p>
      </>
    ),
  },
  {
    id: "emails",
    q: t("web.static.faq.emails.q"),
    a: (
      <>
        <p>
          {t("web.static.faq.emails.spam", {
            verifyHours: VERIFICATION_TOKEN_TTL_MS / HOUR_MS,
            resetHours: RESET_TOKEN_TTL_MS / HOUR_MS,
          })}
        </p>
        <p>
          <T
            id="web.static.faq.emails.again"
            values={{ hours: CONTACT_REPLY_HOURS }}
            components={{
              0: <Link to="/resend-verification" />,
              1: <Link to="/forgot-password" />,
              2: <Link to="/contact" />,
            }}
          />
        </p>
      </>
    ),
  },
]

/** /faq: ten questions in an accordion, one open at a time, all closable. */
const FaqPage = () => {
  const t = useT()
  return (
    <Page>
      <div className="mx-auto max-w-3xl">
        <PageTitle>{t("web.static.faq.title")}</PageTitle>
        <p className="mt-3 text-lg text-slate-700">
          <T
            id="web.static.faq.lead"
            components={{
              0: <Link to="/contact" className="font-medium text-brand-700 underline" />,
            }}
          />
        </p>
        <Accordion.Root
          type="single"
          collapsible
          className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {questions(t).map(({ id, q, a }) => (
            <Accordion.Item key={id} value={id}>
              {/* h2 under the page's h1 (Radix's default h3 would skip a level). */}
              <Accordion.Header asChild>
                <h2 className="m-0 font-sans text-base">
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50">
                    <span className="min-w-0">{q}</span>
                    <ChevronDown
                      aria-hidden
                      className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 break-words text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_p]:leading-relaxed [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
                {a}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </Page>
  )
}

export default FaqPage
