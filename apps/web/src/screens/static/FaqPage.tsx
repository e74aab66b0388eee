import { ChevronDown } from "lucide-react"
import { Accordion } from "radix-ui"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import {
  MINIMUM_AGE,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../../../../domain/accounts/account-rules.ts"
import { BADGE_IDS, BADGES } from "../../../../../domain/badges/badges.ts"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import {
  ACCEPTED_FORMATS,
  CONTACT_REPLY_HOURS,
  EXTRA_ENTRY_PRICE,
  MAX_UPLOAD_MB,
  PLAN_LIST,
  PRICE_CHANGE_NOTICE_DAYS,
  SUBMISSION_WINDOW_HOURS,
  WINNERS_ANNOUNCED,
  entriesText,
  planSentence,
  voteWeightText,
} from "./facts.ts"

const HOUR_MS = 3_600_000

/** The ten questions (§2 "FAQ"), answered with what the site really does. */
const QUESTIONS: ReadonlyArray<{ readonly id: string; readonly q: string; readonly a: ReactNode }> =
  [
    {
      id: "what",
      q: "What is Colorday?",
      a: (
        <p>
          A daily coloring contest. Every day there is new line art to download and color. You
          photograph your finished page, submit it, and the community votes for its favourites. The
          highest-scoring entry wins the day.
        </p>
      ),
    },
    {
      id: "who",
      q: "Who can take part?",
      a: (
        <p>
          Adults aged {MINIMUM_AGE} or over. We ask for your date of birth when you sign up and
          cannot create accounts for anyone younger. Anyone may look at the contest, the gallery and
          the leaderboard without an account.
        </p>
      ),
    },
    {
      id: "how",
      q: "How does a daily contest work?",
      a: (
        <ol>
          <li>Download the day&apos;s line art as an image or a printable PDF (Letter or A4).</li>
          <li>Color it with any medium you like, on paper or on a screen.</li>
          <li>
            Photograph it and submit it while the contest is open: the submission window is{" "}
            {SUBMISSION_WINDOW_HOURS} hours.
          </li>
          <li>Vote for other entries in the gallery while the contest runs.</li>
        </ol>
      ),
    },
    {
      id: "files",
      q: "What kind of photo can I upload?",
      a: (
        <>
          <p>
            A {ACCEPTED_FORMATS} image of up to {MAX_UPLOAD_MB} MB. We check the file itself, not
            its name. iPhone photos in HEIC format are not accepted: set your camera to &ldquo;Most
            Compatible&rdquo; or export the photo as JPEG first.
          </p>
          <p>
            For the best result, photograph your page flat, in daylight, without shadows or glare,
            and fill the frame with the artwork. We turn the photo the right way up and remove all
            of its metadata (including any GPS location) before storing it.
          </p>
        </>
      ),
    },
    {
      id: "entries",
      q: "How many entries can I submit?",
      a: (
        <>
          <p>That depends on your plan. Each entry uses one credit:</p>
          <ul>
            {PLAN_LIST.map((plan) => (
              <li key={plan.tier}>
                {plan.name}: {entriesText(plan)}
              </li>
            ))}
          </ul>
          <p>
            Credits renew on the 1st of every month; unused credits do not carry over. Out of
            credits? You can buy a single extra entry for {EXTRA_ENTRY_PRICE}, or{" "}
            <Link to="/pricing">choose a bigger plan</Link>.
          </p>
        </>
      ),
    },
    {
      id: "voting",
      q: "How does voting work?",
      a: (
        <>
          <p>
            Any signed-in member can vote, whatever their plan. You get one vote per entry, a vote
            cannot be taken back, and you cannot vote for your own entry. Voting closes when the
            contest ends.
          </p>
          <p>Members on paid plans vote with more weight:</p>
          <ul>
            {PLAN_LIST.map((plan) => (
              <li key={plan.tier}>
                {plan.name}: {voteWeightText(plan)}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: "winners",
      q: "How are winners chosen, and when are they announced?",
      a: (
        <p>
          {SCORE_RULE} Winners are announced {WINNERS_ANNOUNCED} after the deadline. Each contest's{" "}
          <Link to="/contests">results page</Link> publishes every entry's Votes (the raw count) and
          Score (the weighted votes) side by side, so anyone can check it. The{" "}
          <Link to="/leaderboard">leaderboard</Link> shows the rankings for today, this week, this
          month and all time.
        </p>
      ),
    },
    {
      id: "badges",
      q: "What are badges?",
      a: (
        <>
          <p>Badges mark milestones on your profile. There are six:</p>
          <ul>
            {BADGE_IDS.map((id) => (
              <li key={id}>
                <strong>{BADGES[id].name}</strong>: {BADGES[id].description}
              </li>
            ))}
          </ul>
          <p>
            See <Link to="/rewards">Rewards</Link> for badges, plan rewards and prizes.
          </p>
        </>
      ),
    },
    {
      id: "plans",
      q: "How do plans and payments work?",
      a: (
        <>
          <ul>
            {PLAN_LIST.map((plan) => (
              <li key={plan.tier}>{planSentence(plan)}</li>
            ))}
          </ul>
          <p>
            Payments are handled by Stripe; we never see your full card number. You can upgrade from
            the <Link to="/pricing">Pricing</Link> page and cancel at any time from Profile →
            Settings; your past payments are in your billing history. We announce any price change
            at least {PRICE_CHANGE_NOTICE_DAYS} days before it applies to you.
          </p>
        </>
      ),
    },
    {
      id: "emails",
      q: "I didn't get my verification or password reset email. What now?",
      a: (
        <>
          <p>
            Check your spam or junk folder first. A verification link works for{" "}
            {VERIFICATION_TOKEN_TTL_MS / HOUR_MS} hours and a reset link for{" "}
            {RESET_TOKEN_TTL_MS / HOUR_MS} hour; each works once.
          </p>
          <p>
            You can <Link to="/resend-verification">request a new verification email</Link> or{" "}
            <Link to="/forgot-password">a new password reset link</Link> at any time. Still stuck?{" "}
            <Link to="/contact">Contact us</Link> and we&apos;ll reply within {CONTACT_REPLY_HOURS}{" "}
            hours.
          </p>
        </>
      ),
    },
  ]

/** /faq: ten questions in an accordion, one open at a time, all closable. */
const FaqPage = () => (
  <Page>
    <div className="mx-auto max-w-3xl">
      <PageTitle>Frequently Asked Questions</PageTitle>
      <p className="mt-3 text-lg text-slate-700">
        Everything about contests, entries, votes and plans. Can&apos;t find your answer?{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          Contact us
        </Link>
        .
      </p>
      <Accordion.Root
        type="single"
        collapsible
        className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {QUESTIONS.map(({ id, q, a }) => (
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

export default FaqPage
