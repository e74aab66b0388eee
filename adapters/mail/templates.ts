import {
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../domain/accounts/account-rules.ts"
import { wordBrowser } from "../../domain/accounts/browser-name.ts"
import { type ContestPrize, prizeLine } from "../../domain/contests/contest-prize.ts"
import { EXTRA_ENTRY, formatCents } from "../../domain/plans/plans.ts"
import type { InLanguage, Mail } from "../../domain/shared/mailer.port.ts"
import { t, type Translate } from "../i18n/server-i18n.ts"
import { renderNotificationMail } from "./templates-notifications.ts"

/** A mail ready for a transport: what both the SMTP relay and the outbox receive. */
export interface RenderedMail {
  readonly to: string
  /** One line, at most MAX_SUBJECT_LENGTH characters (the outbox column's size). */
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Where a reply goes, when it is not the sender (a contact message: the person who wrote). */
  readonly replyTo?: string | undefined
  /** The link the mail is about, if any (printed by the outbox's log line). */
  readonly link?: string | undefined
  /**
   * A mail a notification switch governs: the one-click link that turns it off, also sent as the
   * RFC 8058 List-Unsubscribe header (mail-delivery.ts).
   */
  readonly unsubscribeUrl?: string | undefined
}

export const MAX_SUBJECT_LENGTH = 200

/** Text safe inside HTML elements and double-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;")

/** A subject is one line (no header injection through a contact form) of bounded length. */
export const subjectLine = (text: string): string => {
  const line = text.replace(/[\r\n\t]+/g, " ").trim()
  return line.length <= MAX_SUBJECT_LENGTH ? line : `${line.slice(0, MAX_SUBJECT_LENGTH - 1)}…`
}

/** A token's lifetime in whole hours, for the mails' "{hours, plural, …}". */
const hoursOf = (ms: number) => Math.round(ms / 3_600_000)

/** The public base URL without a trailing slash, so links never hold "//". */
export const baseUrl = (publicUrl: string): string => publicUrl.trim().replace(/\/+$/, "")

export const verifyLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/verify-email/${encodeURIComponent(token)}`

export const resetLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/reset-password/${encodeURIComponent(token)}`

/** The one-click unsubscribe address: POST turns the switch off (RFC 8058), GET shows a page. */
export const unsubscribeLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/api/unsubscribe/${encodeURIComponent(token)}`

/**
 * The translation hook of the mails (issue 22): a mail's texts come from the catalogs
 * (locales/<language>/mail-*.json) in the language the mail carries (its member's setting,
 * English when it carries none). The shared pieces below take that mail's `tr`; English when a
 * mail not yet converted leaves it out.
 */
const ENGLISH: Translate = t("en")

/** Stands for a link inside a translated sentence until the sentence is escaped. */
const LINK_MARK = "\u0001link\u0001"

/**
 * The closing lines of a mail a switch governs: why it came, and the link that stops them, in the
 * mail's language (`switchLabel` is the switch's name as Settings shows it, in that language).
 */
export const unsubscribeLines = (switchLabel: string, href: string, tr: Translate = ENGLISH) => {
  const why = tr("mail.common.unsubscribe.why", { switch: switchLabel })
  const anchor = `<a href="${escapeHtml(href)}">${escapeHtml(tr("mail.common.unsubscribe.link"))}</a>`
  return {
    text: `${why} ${tr("mail.common.unsubscribe.text", { href })}`,
    html: `<p style="font-size:13px;color:#555555">${escapeHtml(why)} ${escapeHtml(tr("mail.common.unsubscribe.html", { link: LINK_MARK })).replace(LINK_MARK, () => anchor)}</p>`,
  }
}

export const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replaceAll("\n", "<br>")}</p>`)
    .join("\n")

/** What every mail ends with, in the mail's language. */
export const signatureIn = (tr: Translate) => tr("mail.common.signature")

export const button = (href: string, label: string, tr: Translate = ENGLISH) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#7c3aed;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>\n` +
  `<p style="font-size:13px;color:#555555">${escapeHtml(tr("mail.common.pasteAddress"))}<br><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`

export const page = (title: string, body: string, tr: Translate = ENGLISH) =>
  `<!doctype html>
<html lang="${tr.language}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">
${body}
<p style="font-size:13px;color:#555555">${escapeHtml(signatureIn(tr))}</p>
</body>
</html>
`

/** The English signature, for the mails not yet converted (use signatureIn(tr)). */
export const signature = signatureIn(ENGLISH)

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export const ordinal = (n: number): string => {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")
  return `${n}${suffix}`
}

/** A mail's number with at most two decimals: as today in English ("12.5"), else as its language writes it. */
const decimal = (value: number, tr: Translate): string =>
  tr.language === "en"
    ? String(Number(value.toFixed(2)))
    : new Intl.NumberFormat(tr.language, { maximumFractionDigits: 2 }).format(value)

/** Money in dollars: the spec's "$2.99" in English, else as the mail's language writes dollars. */
const dollars = (cents: number, tr: Translate): string =>
  tr.language === "en"
    ? formatCents(cents)
    : new Intl.NumberFormat(tr.language, { style: "currency", currency: "USD" }).format(cents / 100)

/** A contest's prize in a line: the spec's "$25 (Cash prize)" in English, the amount in the mail's language else. */
const prizeIn = (prize: ContestPrize, tr: Translate): string => {
  if (tr.language === "en") return prizeLine(prize)
  const amount =
    prize.amount === null || prize.kind === "other"
      ? null
      : prize.kind === "cash"
        ? new Intl.NumberFormat(tr.language, {
            style: "currency",
            currency: "USD",
            minimumFractionDigits: prize.amount % 100 === 0 ? 0 : 2,
          }).format(prize.amount / 100)
        : tr("mail.contests.winner.prizeCredits", { credits: prize.amount })
  // The prize's own words are the admin's, as written.
  return amount === null ? prize.text : `${amount} (${prize.text})`
}

/**
 * When a new sign-in happened: "2026-11-27 09:05 UTC" (as before) for an English reader on UTC,
 * else in the member's time zone as their language writes a date and time.
 */
const signInTime = (at: number, timeZone: string | undefined, tr: Translate): string => {
  const zone = timeZone ?? "UTC"
  const utc = `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`
  if (tr.language === "en" && zone === "UTC") return utc
  try {
    const local = new Intl.DateTimeFormat(tr.language, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: zone,
    }).format(at)
    return `${local} (${zone})`
  } catch {
    // A zone this runtime does not know: UTC, written as before.
    return utc
  }
}

/** A "YYYY-MM" month: as is in English (as today), else named in the mail's language ("octubre de 2026"). */
const monthName = (month: string, tr: Translate): string => {
  const [year, number] = month.split("-").map(Number)
  if (tr.language === "en" || !year || !number) return month
  return new Intl.DateTimeFormat(tr.language, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year, number - 1, 1))
}

/** A mail about the account's safety, ending with the forgot-password link (and an outro, if any). */
const withPasswordLink = (
  to: string,
  subject: string,
  body: string,
  publicUrl: string,
  tr: Translate,
  outro?: string,
): RenderedMail => {
  const link = `${baseUrl(publicUrl)}/forgot-password`
  const tail = outro === undefined ? "" : `\n\n${outro}`
  return {
    to,
    subject,
    link,
    text: `${body}\n\n${tr("mail.common.choosePassword.text", { link })}${tail}\n\n${signatureIn(tr)}\n`,
    html: page(
      subject,
      `${paragraphs(body)}\n${button(link, tr("mail.common.choosePassword.button"), tr)}${outro === undefined ? "" : `\n${paragraphs(outro)}`}`,
      tr,
    ),
  }
}

/** A mail with a greeting, a body, one button and the signature (and the unsubscribe lines, if any). */
const withButton = (
  to: string,
  subject: string,
  body: string,
  link: string,
  label: string,
  tr: Translate,
  options: {
    /** The text part's line before the link ("See the full ranking: …"); just the link if absent. */
    readonly linkLine?: string
    /** A paragraph after the link and the button ("If you did not ask for this, …"). */
    readonly after?: string
    readonly unsubscribe?: { readonly url: string; readonly switchLabel: string }
  } = {},
): RenderedMail => {
  const outro =
    options.unsubscribe === undefined
      ? undefined
      : unsubscribeLines(options.unsubscribe.switchLabel, options.unsubscribe.url, tr)
  const after = options.after
  return {
    to,
    subject,
    link,
    ...(options.unsubscribe === undefined ? {} : { unsubscribeUrl: options.unsubscribe.url }),
    text: `${body}\n\n${options.linkLine ?? link}\n\n${after === undefined ? "" : `${after}\n\n`}${outro === undefined ? "" : `${outro.text}\n\n`}${signatureIn(tr)}\n`,
    html: page(
      subject,
      `${paragraphs(body)}\n${button(link, label, tr)}${after === undefined ? "" : `\n${paragraphs(after)}`}${outro === undefined ? "" : `\n${outro.html}`}`,
      tr,
    ),
  }
}

/** What a custom line art request's mail says at each step (the ids written whole, for the catalog test). */
const lineArtStep = (
  mail: Extract<Mail, { kind: "line-art-request" }>,
  tr: Translate,
): { readonly subject: string; readonly says: string } => {
  switch (mail.status) {
    case "open":
      return {
        subject: tr("mail.rewards.lineArt.open.subject"),
        says: tr("mail.rewards.lineArt.open.says"),
      }
    case "accepted":
      return {
        subject: tr("mail.rewards.lineArt.accepted.subject"),
        says: tr("mail.rewards.lineArt.accepted.says"),
      }
    case "declined":
      return {
        subject: tr("mail.rewards.lineArt.declined.subject"),
        says: tr("mail.rewards.lineArt.declined.says", { reason: mail.reason ?? "" }),
      }
    case "fulfilled":
      return {
        subject: tr("mail.rewards.lineArt.fulfilled.subject"),
        says: tr("mail.rewards.lineArt.fulfilled.says", { contest: mail.contestTitle ?? "" }),
      }
  }
}

/** Subject, text and HTML of each mail, every value from a person HTML-escaped. */
export const renderMail = (mail: Mail & InLanguage, publicUrl: string): RenderedMail => {
  const tr = t(mail.language)
  const greeting = (name: string) => tr("mail.common.greeting", { name })
  switch (mail.kind) {
    case "verify-email": {
      const link = verifyLink(publicUrl, mail.token)
      const subject = tr("mail.verification.subject")
      const intro = tr("mail.verification.intro", {
        name: mail.name,
        hours: hoursOf(VERIFICATION_TOKEN_TTL_MS),
      })
      const outro = tr("mail.verification.outro")
      return withButton(mail.to, subject, intro, link, tr("mail.verification.button"), tr, {
        after: outro,
      })
    }
    case "reset-password": {
      const link = resetLink(publicUrl, mail.token)
      const subject = tr("mail.account.reset.subject")
      const intro = `${greeting(mail.name)}\n\n${tr("mail.account.reset.intro", { hours: hoursOf(RESET_TOKEN_TTL_MS) })}`
      const outro = tr("mail.account.reset.outro")
      return withButton(
        mail.to,
        subject,
        intro,
        link,
        tr("mail.common.choosePassword.button"),
        tr,
        { after: outro },
      )
    }
    case "contact-received": {
      // To the support inbox, in the team's language (English unless a sender passes another).
      const subject = subjectLine(tr("mail.contact.received.subject", { subject: mail.subject }))
      const header = tr("mail.contact.received.header", {
        name: mail.fromName,
        email: mail.fromEmail,
        subject: mail.subject,
      })
      return {
        to: mail.to,
        subject,
        replyTo: mail.fromEmail,
        text: `${header}\n\n${mail.message}\n`,
        html: page(subject, `${paragraphs(header)}\n<hr>\n${paragraphs(mail.message)}`, tr),
      }
    }
    case "contact-confirmation": {
      const subject = tr("mail.contact.confirmation.subject")
      const body = `${greeting(mail.name)}\n\n${tr("mail.contact.confirmation.body", { subject: mail.subject })}`
      return {
        to: mail.to,
        subject,
        text: `${body}\n\n${signatureIn(tr)}\n`,
        html: page(subject, paragraphs(body), tr),
      }
    }
    case "contact-reply": {
      const subject = subjectLine(mail.subject)
      const quoted = mail.original
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")
      const body = `${greeting(mail.name)}\n\n${mail.body}`
      return {
        to: mail.to,
        subject,
        replyTo: mail.replyTo,
        text: `${body}\n\n${signatureIn(tr)}\n\n${tr("mail.contact.reply.youWrote")}\n${quoted}\n`,
        html: page(
          subject,
          `${paragraphs(body)}\n<blockquote style="color:#555555;border-left:3px solid #dddddd;padding-left:12px">${paragraphs(mail.original)}</blockquote>`,
          tr,
        ),
      }
    }
    case "winner-announcement": {
      const link = `${baseUrl(publicUrl)}/profile`
      const subject = subjectLine(
        tr("mail.contests.winner.subject", { contest: mail.contestTitle }),
      )
      const won = tr("mail.contests.winner.won", {
        name: mail.name,
        contest: mail.contestTitle,
        votes: mail.rawVotes,
        score: decimal(mail.weightedScore, tr),
      })
      const prize = mail.prize
        ? `\n\n${tr("mail.contests.winner.prize", { prize: prizeIn(mail.prize, tr) })}`
        : ""
      const body = `${won}${prize} ${tr("mail.contests.winner.badge")}`
      return withButton(mail.to, subject, body, link, tr("mail.contests.winner.button"), tr, {
        ...(mail.unsubscribeToken === undefined
          ? {}
          : {
              unsubscribe: {
                url: unsubscribeLink(publicUrl, mail.unsubscribeToken),
                switchLabel: tr("mail.common.switch.votingResults"),
              },
            }),
      })
    }
    case "contest-results": {
      const link = `${baseUrl(publicUrl)}/contests/${encodeURIComponent(mail.contestId)}`
      const subject = subjectLine(
        tr("mail.contests.results.subject", { contest: mail.contestTitle }),
      )
      const standing =
        mail.rank === 1
          ? tr("mail.contests.results.won", { entrants: mail.entrants })
          : tr("mail.contests.results.ranked", {
              rank: mail.rank,
              entrants: mail.entrants,
              winner: mail.winnerName,
            })
      const published = tr("mail.contests.results.published", { contest: mail.contestTitle })
      const figures = tr("mail.contests.results.figures", {
        votes: mail.rawVotes,
        score: decimal(mail.score, tr),
      })
      const body = `${greeting(mail.name)}\n\n${published} ${standing}\n\n${figures}\n\n${tr("mail.contests.results.rule")}`
      return withButton(mail.to, subject, body, link, tr("mail.contests.results.button"), tr, {
        linkLine: tr("mail.contests.results.linkLine", { link }),
        unsubscribe: {
          url: unsubscribeLink(publicUrl, mail.unsubscribeToken),
          switchLabel: tr("mail.common.switch.votingResults"),
        },
      })
    }
    case "contest-cancelled": {
      const link = `${baseUrl(publicUrl)}/`
      const subject = subjectLine(
        tr("mail.contests.cancelled.subject", { contest: mail.contestTitle }),
      )
      const returned = mail.creditsReturned
      const credits =
        returned === 0
          ? tr("mail.contests.cancelled.unlimited")
          : `${tr("mail.contests.cancelled.creditsBack", { credits: returned, entries: mail.entries })} ${tr("mail.contests.cancelled.useThem", { credits: returned })}`
      const extra = mail.refundableExtraEntries ?? 0
      const refund =
        extra === 0
          ? ""
          : `\n\n${tr("mail.contests.cancelled.refund", {
              price: dollars(EXTRA_ENTRY.priceCents, tr),
              extra,
              link: `${baseUrl(publicUrl)}/billing-history`,
            })}`
      const cancelled = tr("mail.contests.cancelled.body", {
        contest: mail.contestTitle,
        reason: mail.reason,
      })
      const body = `${greeting(mail.name)}\n\n${cancelled}\n\n${credits}${refund}`
      return withButton(mail.to, subject, body, link, tr("mail.contests.cancelled.button"), tr)
    }
    case "drawing-won": {
      const link = `${baseUrl(publicUrl)}/rewards/drawings`
      const values = { plan: mail.planName, month: monthName(mail.month, tr) }
      const subject = subjectLine(tr("mail.rewards.drawing.subject", values))
      const body = tr("mail.rewards.drawing.body", {
        ...values,
        name: mail.name,
        prize: dollars(mail.prizeCents, tr),
        entrants: mail.entrants,
      })
      return withButton(mail.to, subject, body, link, tr("mail.rewards.drawing.button"), tr)
    }
    case "line-art-request": {
      const fulfilled = mail.status === "fulfilled" && mail.contestId !== null
      const link = fulfilled
        ? `${baseUrl(publicUrl)}/contests/${encodeURIComponent(mail.contestId ?? "")}`
        : `${baseUrl(publicUrl)}/profile`
      const step = lineArtStep(mail, tr)
      const body = `${greeting(mail.name)}\n\n${step.says}\n\n${tr("mail.rewards.lineArt.brief", { brief: mail.brief })}`
      const label = fulfilled
        ? tr("mail.rewards.lineArt.seeContest")
        : tr("mail.rewards.lineArt.seeRequests")
      return withButton(mail.to, subjectLine(step.subject), body, link, label, tr)
    }
    case "feedback-given": {
      const link = `${baseUrl(publicUrl)}/entries/${encodeURIComponent(mail.entryId)}`
      const subject = subjectLine(
        tr("mail.rewards.feedback.subject", { contest: mail.contestTitle }),
      )
      const body = `${greeting(mail.name)}\n\n${tr("mail.rewards.feedback.body", { judge: mail.judgeName, contest: mail.contestTitle })}`
      return withButton(mail.to, subject, body, link, tr("mail.rewards.feedback.button"), tr, {
        unsubscribe: {
          url: unsubscribeLink(publicUrl, mail.unsubscribeToken),
          switchLabel: tr("mail.common.switch.commentsFeedback"),
        },
      })
    }
    case "new-sign-in": {
      const link = `${baseUrl(publicUrl)}/api/users/secure-account/${encodeURIComponent(mail.secureToken)}`
      const when = signInTime(mail.at, mail.timeZone, tr)
      const body = `${greeting(mail.name)}\n\n${tr("mail.account.newSignIn.body", {
        when,
        browser: wordBrowser(mail.browser, {
          on: (browser, system) => tr("mail.browser.on", { browser, system }),
          unknown: tr("mail.browser.unknown"),
        }),
        where: mail.location ?? tr("mail.account.newSignIn.unknownPlace"),
      })}`
      return withButton(
        mail.to,
        tr("mail.account.newSignIn.subject"),
        body,
        link,
        tr("mail.account.newSignIn.button"),
        tr,
        {
          unsubscribe: {
            url: unsubscribeLink(publicUrl, mail.unsubscribeToken),
            switchLabel: tr("mail.common.switch.loginNotifications"),
          },
        },
      )
    }
    case "address-in-use": {
      const what =
        mail.attempt === "sign-up"
          ? tr("mail.account.addressInUse.signUp")
          : tr("mail.account.addressInUse.emailChange")
      return withPasswordLink(
        mail.to,
        tr("mail.account.addressInUse.subject"),
        `${greeting(mail.name)}\n\n${what}\n\n${tr("mail.account.addressInUse.advice")}`,
        publicUrl,
        tr,
      )
    }
    case "confirm-email-change": {
      const link = verifyLink(publicUrl, mail.token)
      const subject = tr("mail.account.confirmEmail.subject")
      const intro = `${greeting(mail.name)}\n\n${tr("mail.account.confirmEmail.intro", { hours: hoursOf(VERIFICATION_TOKEN_TTL_MS) })}`
      const outro = tr("mail.account.confirmEmail.outro")
      return withButton(mail.to, subject, intro, link, tr("mail.account.confirmEmail.button"), tr, {
        after: outro,
      })
    }
    case "email-change-requested":
      return withPasswordLink(
        mail.to,
        tr("mail.account.emailChanging.subject"),
        `${greeting(mail.name)}\n\n${tr("mail.account.emailChanging.body", { email: mail.newEmail })}`,
        publicUrl,
        tr,
      )
    case "contest-announcement":
    case "weekly-summary":
      return renderNotificationMail(mail, publicUrl)
    case "failed-sign-ins":
      return withPasswordLink(
        mail.to,
        tr("mail.account.failedSignIns.subject"),
        `${greeting(mail.name)}\n\n${tr("mail.account.failedSignIns.body", { attempts: mail.attempts })}`,
        publicUrl,
        tr,
        tr("mail.account.failedSignIns.outro"),
      )
  }
}
