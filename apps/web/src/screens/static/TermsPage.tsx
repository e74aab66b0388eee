import { Link } from "react-router-dom"
import { MINIMUM_AGE } from "../../../../../domain/accounts/account-rules.ts"
import {
  CONTACT_REPLY_HOURS,
  EXTRA_ENTRY_PRICE,
  PAID_PLANS,
  PLAN_LIST,
  PRICE_CHANGE_NOTICE_DAYS,
  SUBMISSION_WINDOW_HOURS,
  WINNERS_ANNOUNCED,
  drawingPrize,
  planSentence,
} from "./facts.ts"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { Prose } from "./Prose.tsx"

/** /terms: the rules of using Colorday, its contests and its plans. */
const TermsPage = () => (
  <Prose
    title="Terms of Service"
    lead="These terms are the agreement between you and Colorday when you use this site. Please read them; by creating an account or entering a contest you accept them."
  >
    <h2>1. Who can use Colorday</h2>
    <p>
      Colorday is for adults. You must be at least {MINIMUM_AGE} years old to create an account,
      enter contests or vote. We ask for your date of birth at sign-up and refuse accounts for
      anyone younger; giving a false date of birth breaks these terms. One person may hold one
      account.
    </p>

    <h2>2. Your account</h2>
    <ul>
      <li>Give accurate details and verify your email address before signing in.</li>
      <li>
        Keep your password to yourself. You are responsible for what happens under your account;
        tell us through the <Link to="/contact">contact form</Link> if you think someone else has
        used it.
      </li>
      <li>
        You can download your data or delete your account at any time from Profile → Settings.
      </li>
      <li>
        We may suspend an account that breaks these terms, for example to stop vote manipulation.
      </li>
    </ul>

    <h2>3. Contests</h2>
    <ul>
      <li>
        Each contest publishes its line art and its start and end. Entries are accepted while the
        contest is open; the submission window is {SUBMISSION_WINDOW_HOURS} hours.
      </li>
      <li>
        An entry must be your own coloring of that contest&apos;s line art, in any medium, and the
        photo must be yours to share. Tracing or submitting someone else&apos;s work is not allowed.
      </li>
      <li>
        Each entry uses one credit from your plan. Credits are spent only when an entry is accepted.
      </li>
      <li>
        We may hide or disqualify an entry that breaks these terms or is offensive, and we tell you
        the reason.
      </li>
      <li>
        {SCORE_RULE} The result is decided when the contest closes; winners are announced{" "}
        {WINNERS_ANNOUNCED} after the deadline, with both the raw vote count and the weighted score
        published.
      </li>
    </ul>

    <h2>4. Voting</h2>
    <p>
      Every signed-in member may vote once per entry. Votes are permanent, you may not vote for your
      own entries, and voting closes when the contest ends. A vote carries the weight of the
      voter&apos;s plan at the moment it is cast. Buying, trading or automating votes, or using
      several accounts to vote, is forbidden and may lead to disqualification and suspension.
    </p>

    <h2>5. Your artwork</h2>
    <p>
      You keep the copyright in your coloring. The line art itself remains ours or its
      artist&apos;s, and is licensed to you for personal use and for entering our contests. By
      submitting an entry you allow Colorday to store, resize, display and share it on the site and
      in announcements of contest results, without payment, for as long as it stays on Colorday.
      Please do not submit anything that shows other people without their consent.
    </p>

    <h2>6. Plans and payments</h2>
    <ul>
      {PLAN_LIST.map((plan) => (
        <li key={plan.tier}>{planSentence(plan)}</li>
      ))}
    </ul>
    <p>
      Paid plans are billed monthly in advance through our payment processor, Stripe, and renew
      until you cancel. Credits renew on the 1st of each month; unused credits do not carry over.
      When no credits remain you may buy a single extra entry for {EXTRA_ENTRY_PRICE}. You can
      cancel a plan at any time from Profile → Settings; your account then returns to the free plan.
      Prices may change, but we will tell you at least {PRICE_CHANGE_NOTICE_DAYS} days before a new
      price applies to you, and you may cancel before it does. If you think a charge is wrong,{" "}
      <Link to="/contact">contact us</Link>.
    </p>

    <h2>7. Prizes and drawings</h2>
    <p>
      Contest winners receive the recognition and rewards described on the{" "}
      <Link to="/rewards">Rewards</Link> page. Paid plans include an entry into a monthly cash
      drawing: {PAID_PLANS.map((plan) => `${plan.name} ${drawingPrize(plan) ?? "none"}`).join(", ")}
      . No purchase is necessary to take part in a drawing: each drawing&apos;s rules describe a
      free way to enter. Drawing winners are picked with a recorded random seed, so anyone can check
      the draw.
    </p>

    <h2>8. Behaviour</h2>
    <p>
      Be kind. Do not post hateful, sexual or violent material, harass other members, impersonate
      anyone, or try to disrupt or break into the site. We may remove content and suspend accounts
      that do.
    </p>

    <h2>9. The service</h2>
    <p>
      We work to keep Colorday running and accurate, but we provide it as it is: contests may be
      rescheduled or cancelled, and the site may be unavailable at times. To the extent the law
      allows, we are not liable for indirect losses arising from the use of the site.
    </p>

    <h2>10. Changes and contact</h2>
    <p>
      We may update these terms. We will tell members about important changes by email before they
      take effect. Questions about these terms? Write to us through the{" "}
      <Link to="/contact">contact form</Link>; we reply within {CONTACT_REPLY_HOURS} hours. See also
      our <Link to="/privacy">Privacy Policy</Link>.
    </p>
  </Prose>
)

export default TermsPage
