import { Link } from "react-router-dom"
import { MINIMUM_AGE } from "../../../../../domain/accounts/account-rules.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import {
  FREE_PLAN,
  PAID_PLANS,
  SUBMISSION_WINDOW_HOURS,
  WINNERS_ANNOUNCED,
  entriesText,
  planSentence,
} from "./facts.ts"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { Prose } from "./Prose.tsx"

/** /about: what Colorday is, how a contest day runs, who may enter. */
const AboutPage = () => (
  <Prose
    title="About Colorday"
    lead="Colorday is a daily coloring contest for grown-ups: one new piece of line art every day, colored by hand, shared with a community that votes for its favourites."
    actions={
      <>
        <Link to="/" className={buttonVariants()}>
          See today&apos;s contest
        </Link>
        <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
          Browse the gallery
        </Link>
      </>
    }
  >
    <h2>Why we made it</h2>
    <p>
      Coloring is a small, calm, creative habit. Colorday gives it a reason to come back each day: a
      fresh drawing to work on, other artists to learn from, and a friendly contest at the end of
      it. Pencils, markers, watercolour, a tablet — any medium is welcome, and no one needs to be a
      professional to take part.
    </p>

    <h2>How a contest day works</h2>
    <ol>
      <li>
        <strong>Download.</strong> Each contest opens with new line art, ready to download as an
        image or as a printable PDF (Letter or A4).
      </li>
      <li>
        <strong>Color.</strong> Print it and color it your way, or color it digitally.
      </li>
      <li>
        <strong>Submit.</strong> Take a well-lit photo of your finished page and submit it while the
        contest is open. The submission window is {SUBMISSION_WINDOW_HOURS} hours.
      </li>
      <li>
        <strong>Vote.</strong> Browse the gallery and vote for the entries you love. Each member has
        one vote per entry, votes are permanent, and you cannot vote for your own work.
      </li>
      <li>
        <strong>Win.</strong> {SCORE_RULE} Winners are announced {WINNERS_ANNOUNCED} after the
        deadline, and every entry's Votes and Score are published on the contest's{" "}
        <Link to="/contests">results page</Link>, so every result can be checked.
      </li>
    </ol>

    <h2>For adults, {MINIMUM_AGE} and over</h2>
    <p>
      Colorday is made for adults. Everyone who creates an account must be {MINIMUM_AGE} or older:
      we ask for a date of birth at sign-up and refuse accounts for anyone younger. Visitors can
      look at the contest, the gallery and the leaderboard without an account.
    </p>

    <h2>Plans</h2>
    <p>
      Joining is free: the {FREE_PLAN.name} plan includes {entriesText(FREE_PLAN)}. Members who want
      to enter more often can choose a paid plan:
    </p>
    <ul>
      {PAID_PLANS.map((plan) => (
        <li key={plan.tier}>{planSentence(plan)}</li>
      ))}
    </ul>
    <p>
      Credits renew on the 1st of every month. See <Link to="/pricing">Pricing</Link> for the
      details, and <Link to="/rewards">Rewards</Link> for badges and prizes.
    </p>

    <h2>Supporting art education</h2>
    <p>
      A portion of submission fees goes to art education for underserved communities. Every entry
      helps someone else pick up a pencil.
    </p>

    <h2>Questions?</h2>
    <p>
      The <Link to="/faq">FAQ</Link> answers the common ones. For anything else, write to us through
      the <Link to="/contact">contact form</Link>.
    </p>
  </Prose>
)

export default AboutPage
