import { Link } from "react-router-dom"
import {
  MINIMUM_AGE,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../../../../domain/accounts/account-rules.ts"
import { SESSION_TTL_MS } from "../../../../../domain/accounts/session.entity.ts"
import { PRICE_CHANGE_NOTICE_DAYS } from "./facts.ts"
import { Prose } from "./Prose.tsx"

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** /privacy: what Colorday stores, why, who sees it, and how to take it with you or delete it. */
const PrivacyPage = () => (
  <Prose
    title="Privacy Policy"
    lead="We keep only what Colorday needs to run its contests, we never sell your data, and there are no ads. This page says exactly what we store and what you can do about it."
  >
    <h2>What we store</h2>
    <h3>Your account</h3>
    <p>
      Your first and last name, username, email address and date of birth. The date of birth is used
      to confirm that you are {MINIMUM_AGE} or older. Your password is stored only as a salted hash,
      never as text. If you fill in your profile, we also store your bio, location, website and
      avatar, and your settings (notifications, language, time zone and privacy choices).
    </p>
    <h3>Your entries</h3>
    <p>
      The photos you submit, the contest each belongs to and when you submitted it. Before storing a
      photo we remove all of its metadata, including any GPS location and camera details, and we
      keep a display size and a small thumbnail.
    </p>
    <h3>Your votes</h3>
    <p>
      Which entries you voted for, when, and the weight your plan gave the vote. Votes are needed to
      count scores and to publish auditable results.
    </p>
    <h3>Payments</h3>
    <p>
      Payments are processed by Stripe. Your card details go to Stripe, not to us; we never see or
      store your full card number. We keep a record of each payment — date, amount, plan or extra
      entry, status, the card type and last four digits Stripe reports, and the receipt link — for
      your billing history and our accounts.
    </p>
    <h3>Messages to us</h3>
    <p>
      What you send through the <Link to="/contact">contact form</Link> (name, email, subject and
      message) is stored so our support team can answer it, and we email you a confirmation.
    </p>
    <h3>Downloads and contest statistics</h3>
    <p>
      When you download a contest&apos;s line art while signed in, we note that you did and when. We
      also count views, downloads, entries and votes per contest; those counts are totals that name
      no one.
    </p>

    <h2>Cookies and browser storage</h2>
    <p>
      When you sign in we set one cookie, <code>colorday_session</code>. It holds a random token
      that keeps you signed in; it cannot be read by scripts on the page, is sent only to Colorday,
      and expires {SESSION_TTL_MS / DAY_MS} days after your last visit or when you sign out. We
      store only a digest of the token on our side. The site also keeps a copy of your member
      details in your browser&apos;s local storage so the page can show you as signed in at once;
      signing out removes it. We use no advertising or third-party tracking cookies.
    </p>
    <p>
      Your browser tells us its time zone when you open the leaderboard or the gallery, so
      &ldquo;today&rdquo; and &ldquo;this week&rdquo; match your calendar. To stop repeated password
      guessing and spam, we look at the network address a sign-in attempt or message comes from.
    </p>

    <h2>Who can see what</h2>
    <ul>
      <li>
        <strong>Public:</strong> your username, avatar, profile bio, location and website, your
        entries with their vote counts, your badges, and your place on the leaderboards. The privacy
        switches in Profile → Settings let you hide parts of your profile.
      </li>
      <li>
        <strong>Private:</strong> your email address, names, date of birth, settings, votes,
        downloads and payments. Our administrators can see them when they need to run contests,
        moderate entries or answer you.
      </li>
      <li>
        <strong>Service providers:</strong> Stripe for payments and our email provider for the
        messages we send you. They act on our instructions only.
      </li>
    </ul>
    <p>We do not sell or rent your personal data, and we do not show ads.</p>

    <h2>Emails we send</h2>
    <p>
      Account emails (a verification link that works for {VERIFICATION_TOKEN_TTL_MS / HOUR_MS}{" "}
      hours, a password reset link that works for {RESET_TOKEN_TTL_MS / HOUR_MS} hour, notices about
      your account and payments, including at least {PRICE_CHANGE_NOTICE_DAYS} days&apos; notice of
      any price change) and, as you choose in Profile → Settings, contest announcements, voting
      results and a weekly summary.
    </p>

    <h2>Your choices and rights</h2>
    <ul>
      <li>
        <strong>See and correct:</strong> change your profile any time in Profile → Settings.
      </li>
      <li>
        <strong>Download my data:</strong> Profile → Settings gives you everything we hold about you
        as one file.
      </li>
      <li>
        <strong>Delete account:</strong> Profile → Settings deletes your account after you confirm
        with your password. Records we must keep by law, such as payment records for accounting, are
        kept only as long as required.
      </li>
      <li>
        <strong>Questions or objections:</strong> write to us through the{" "}
        <Link to="/contact">contact form</Link>.
      </li>
    </ul>

    <h2>Adults only</h2>
    <p>
      Colorday is not meant for anyone under {MINIMUM_AGE}, and we do not knowingly collect data
      from them. If you believe someone under {MINIMUM_AGE} has an account, please tell us.
    </p>

    <h2>Changes to this policy</h2>
    <p>
      If we change how we use your data, we will update this page and tell members by email before
      the change takes effect. See also our <Link to="/terms">Terms of Service</Link>.
    </p>
  </Prose>
)

export default PrivacyPage
