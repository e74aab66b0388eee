import {
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../domain/accounts/account-rules.ts"
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

const hours = (ms: number) => {
  const count = Math.round(ms / 3_600_000)
  return count === 1 ? "1 hour" : `${count} hours`
}

/** The public base URL without a trailing slash, so links never hold "//". */
export const baseUrl = (publicUrl: string): string => publicUrl.trim().replace(/\/+$/, "")

export const verifyLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/verify-email/${encodeURIComponent(token)}`

export const resetLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/reset-password/${encodeURIComponent(token)}`

/** The one-click unsubscribe address: POST turns the switch off (RFC 8058), GET shows a page. */
export const unsubscribeLink = (publicUrl: string, token: string) =>
  `${baseUrl(publicUrl)}/api/unsubscribe/${encodeURIComponent(token)}`

/** The closing lines of a mail a switch governs: why it came, and the link that stops them. */
export const unsubscribeLines = (switchLabel: string, href: string) => {
  const why = `You get this mail because "${switchLabel}" is on in your settings.`
  return {
    text: `${why} Turn it off with one click: ${href}`,
    html: `<p style="font-size:13px;color:#555555">${escapeHtml(why)} <a href="${escapeHtml(href)}">Turn it off</a> with one click.</p>`,
  }
}

export const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replaceAll("\n", "<br>")}</p>`)
    .join("\n")

/**
 * The translation hook of the mails (issue 22): a mail's texts come from the catalogs
 * (locales/<language>/mail-*.json) in the language the mail carries (its member's setting,
 * English when it carries none). The shared pieces below take that mail's `tr`; English when a
 * mail not yet converted leaves it out.
 */
const ENGLISH: Translate = t("en")

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

/** A mail about the account's safety, ending with the forgot-password link (and an outro, if any). */
const withPasswordLink = (
  to: string,
  subject: string,
  body: string,
  publicUrl: string,
  outro?: string,
): RenderedMail => {
  const link = `${baseUrl(publicUrl)}/forgot-password`
  const tail = outro === undefined ? "" : `\n\n${outro}`
  return {
    to,
    subject,
    link,
    text: `${body}\n\nChoose a new password: ${link}${tail}\n\n${signature}\n`,
    html: page(
      subject,
      `${paragraphs(body)}\n${button(link, "Choose a new password")}${outro === undefined ? "" : `\n${paragraphs(outro)}`}`,
    ),
  }
}

/** Subject, text and HTML of each mail, every value from a person HTML-escaped. */
export const renderMail = (mail: Mail & InLanguage, publicUrl: string): RenderedMail => {
  const tr = t(mail.language)
  switch (mail.kind) {
    case "verify-email": {
      const link = verifyLink(publicUrl, mail.token)
      const subject = tr("mail.verification.subject")
      const intro = tr("mail.verification.intro", {
        name: mail.name,
        hours: Math.round(VERIFICATION_TOKEN_TTL_MS / 3_600_000),
      })
      const outro = tr("mail.verification.outro")
      return {
        to: mail.to,
        subject,
        link,
        text: `${intro}\n\n${link}\n\n${outro}\n\n${signatureIn(tr)}\n`,
        html: page(
          subject,
          `${paragraphs(intro)}\n${button(link, tr("mail.verification.button"), tr)}\n${paragraphs(outro)}`,
          tr,
        ),
      }
    }
    case "reset-password": {
      const link = resetLink(publicUrl, mail.token)
      const subject = "Reset your Colorday password"
      const intro = `Hi ${mail.name},\n\nSomeone (hopefully you) asked to reset the password of your Colorday account. Choose a new password with this link; it works for ${hours(RESET_TOKEN_TTL_MS)}, once.`
      const outro =
        "If you did not ask for this, ignore this e-mail: your password stays as it is. Resetting it signs you out everywhere."
      return {
        to: mail.to,
        subject,
        link,
        text: `${intro}\n\n${link}\n\n${outro}\n\n${signature}\n`,
        html: page(
          subject,
          `${paragraphs(intro)}\n${button(link, "Choose a new password")}\n${paragraphs(outro)}`,
        ),
      }
    }
    case "contact-received": {
      const subject = subjectLine(`Contact form: ${mail.subject}`)
      const header = `From: ${mail.fromName} <${mail.fromEmail}>\nSubject: ${mail.subject}`
      return {
        to: mail.to,
        subject,
        replyTo: mail.fromEmail,
        text: `${header}\n\n${mail.message}\n`,
        html: page(subject, `${paragraphs(header)}\n<hr>\n${paragraphs(mail.message)}`),
      }
    }
    case "contact-confirmation": {
      const subject = "We received your message"
      const body = `Hi ${mail.name},\n\nThank you for contacting us. We'll get back to you within 24 hours.\n\nYour message: "${mail.subject}"`
      return {
        to: mail.to,
        subject,
        text: `${body}\n\n${signature}\n`,
        html: page(subject, paragraphs(body)),
      }
    }
    case "contact-reply": {
      const subject = subjectLine(mail.subject)
      const quoted = mail.original
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")
      const body = `Hi ${mail.name},\n\n${mail.body}`
      return {
        to: mail.to,
        subject,
        replyTo: mail.replyTo,
        text: `${body}\n\n${signature}\n\nYou wrote:\n${quoted}\n`,
        html: page(
          subject,
          `${paragraphs(body)}\n<blockquote style="color:#555555;border-left:3px solid #dddddd;padding-left:12px">${paragraphs(mail.original)}</blockquote>`,
        ),
      }
    }
    case "winner-announcement": {
      const link = `${baseUrl(publicUrl)}/profile`
      const subject = subjectLine(`You won "${mail.contestTitle}"!`)
      const body = `Congratulations ${mail.name}!\n\nYour entry won "${mail.contestTitle}" with ${mail.rawVotes} ${mail.rawVotes === 1 ? "vote" : "votes"} (weighted score ${Number(mail.weightedScore.toFixed(2))}).${mail.prize ? `\n\nYour prize: ${mail.prize}.` : ""} Your badge is waiting on your profile.`
      return {
        to: mail.to,
        subject,
        link,
        text: `${body}\n\n${link}\n\n${signature}\n`,
        html: page(subject, `${paragraphs(body)}\n${button(link, "See my profile")}`),
      }
    }
    case "contest-results": {
      const link = `${baseUrl(publicUrl)}/contests/${encodeURIComponent(mail.contestId)}`
      const subject = subjectLine(`The results of "${mail.contestTitle}" are in`)
      const standing =
        mail.rank === 1
          ? `Your entry won, ranked 1st of ${mail.entrants}.`
          : `Your entry ranked ${ordinal(mail.rank)} of ${mail.entrants}. The winner is ${mail.winnerName}.`
      const body = `Hi ${mail.name},\n\nThe results of "${mail.contestTitle}" are published. ${standing}\n\nVotes: ${mail.rawVotes}\nScore: ${Number(mail.score.toFixed(2))}\n\nThe entry with the highest score wins. Score = votes weighted by each voter's plan (1× to 3×); ties go to the earlier entry.`
      const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
      const outro = unsubscribeLines("Voting results", unsubscribeUrl)
      return {
        to: mail.to,
        subject,
        link,
        unsubscribeUrl,
        text: `${body}\n\nSee the full ranking: ${link}\n\n${outro.text}\n\n${signature}\n`,
        html: page(
          subject,
          `${paragraphs(body)}\n${button(link, "See the full ranking")}\n${outro.html}`,
        ),
      }
    }
    case "contest-cancelled": {
      const link = `${baseUrl(publicUrl)}/`
      const subject = subjectLine(`"${mail.contestTitle}" was cancelled`)
      const entries = mail.entries === 1 ? "your entry" : `your ${mail.entries} entries`
      const credits =
        mail.creditsReturned === 0
          ? "Your plan has unlimited entries, so no credit was spent."
          : `${mail.creditsReturned === 1 ? "The credit" : `The ${mail.creditsReturned} credits`} you spent on ${entries} ${mail.creditsReturned === 1 ? "is" : "are"} back in your account.`
      const use =
        mail.creditsReturned === 0
          ? ""
          : ` You can use ${mail.creditsReturned === 1 ? "it" : "them"} on today's contest or a later one.`
      const extra = mail.refundableExtraEntries ?? 0
      const refund =
        extra === 0
          ? ""
          : `\n\nYou paid ${formatCents(EXTRA_ENTRY.priceCents)} for ${extra === 1 ? "an extra entry" : `${extra} extra entries`} in it. If you would rather have the money than the credit, you can have ${extra === 1 ? "it" : "them"} refunded from your billing history while the credit is unused: ${baseUrl(publicUrl)}/billing-history`
      const body = `Hi ${mail.name},\n\nWe cancelled "${mail.contestTitle}", which you entered. The reason: ${mail.reason}\n\n${credits}${use}${refund}`
      return {
        to: mail.to,
        subject,
        link,
        text: `${body}\n\n${link}\n\n${signature}\n`,
        html: page(subject, `${paragraphs(body)}\n${button(link, "See today's contest")}`),
      }
    }
    case "drawing-won": {
      const link = `${baseUrl(publicUrl)}/rewards/drawings`
      const prize = formatCents(mail.prizeCents)
      const subject = subjectLine(`You won the ${mail.planName} drawing of ${mail.month}!`)
      const body = `Congratulations ${mail.name}!\n\nYou won ${prize} in the ${mail.planName} drawing of ${mail.month}, drawn from ${mail.entrants} ${mail.entrants === 1 ? "entrant" : "entrants"}. We will be in touch to pay out your prize. The seed, the entrant list and the winner are published, so anyone can check the draw.`
      return {
        to: mail.to,
        subject,
        link,
        text: `${body}\n\n${link}\n\n${signature}\n`,
        html: page(subject, `${paragraphs(body)}\n${button(link, "See the drawings")}`),
      }
    }
    case "line-art-request": {
      const fulfilled = mail.status === "fulfilled" && mail.contestId !== null
      const link = fulfilled
        ? `${baseUrl(publicUrl)}/contests/${encodeURIComponent(mail.contestId ?? "")}`
        : `${baseUrl(publicUrl)}/profile`
      const step = {
        open: {
          subject: "We received your custom line art request",
          says: "We received your custom line art request. An admin will read it and mail you when it is accepted, declined or made into a contest.",
        },
        accepted: {
          subject: "Your custom line art request was accepted",
          says: "Your custom line art request was accepted: an admin is working on the page, and you will get a mail when a contest is scheduled with it.",
        },
        declined: {
          subject: "Your custom line art request was declined",
          says: `Your custom line art request was declined. The reason: ${mail.reason ?? ""}\n\nYou can file a new request from your profile.`,
        },
        fulfilled: {
          subject: "Your custom line art is a contest",
          says: `Your custom line art request was fulfilled: the contest "${mail.contestTitle ?? ""}" is scheduled with your page.`,
        },
      }[mail.status]
      const subject = subjectLine(step.subject)
      const body = `Hi ${mail.name},\n\n${step.says}\n\nYour brief: ${mail.brief}`
      const label = fulfilled ? "See the contest" : "See your requests"
      return {
        to: mail.to,
        subject,
        link,
        text: `${body}\n\n${link}\n\n${signature}\n`,
        html: page(subject, `${paragraphs(body)}\n${button(link, label)}`),
      }
    }
    case "feedback-given": {
      const link = `${baseUrl(publicUrl)}/entries/${encodeURIComponent(mail.entryId)}`
      const subject = subjectLine(`Feedback from a judge on your entry in "${mail.contestTitle}"`)
      const body = `Hi ${mail.name},\n\n${mail.judgeName}, one of our judges, wrote professional feedback on your entry in "${mail.contestTitle}". It is on your entry's page, where only you, the judges and admins can read it.`
      const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
      const outro = unsubscribeLines("Comments and feedback", unsubscribeUrl)
      return {
        to: mail.to,
        subject,
        link,
        unsubscribeUrl,
        text: `${body}\n\n${link}\n\n${outro.text}\n\n${signature}\n`,
        html: page(
          subject,
          `${paragraphs(body)}\n${button(link, "Read the feedback")}\n${outro.html}`,
        ),
      }
    }
    case "new-sign-in": {
      const link = `${baseUrl(publicUrl)}/api/users/secure-account/${encodeURIComponent(mail.secureToken)}`
      const when = `${new Date(mail.at).toISOString().slice(0, 16).replace("T", " ")} UTC`
      const subject = "New sign-in to your Colorday account"
      const body = `Hi ${mail.name},\n\nYour Colorday account was just signed in from a browser it had not used before.\n\nWhen: ${when}\nBrowser: ${mail.browser}\nWhere: ${mail.location ?? "unknown"}\n\nIf it was you, there is nothing to do. If not, sign out every session and choose a new password with this link (it works for a week, once):`
      const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
      const outro = unsubscribeLines("Login notifications", unsubscribeUrl)
      return {
        to: mail.to,
        subject,
        link,
        unsubscribeUrl,
        text: `${body}\n\n${link}\n\n${outro.text}\n\n${signature}\n`,
        html: page(
          subject,
          `${paragraphs(body)}\n${button(link, "Sign out everywhere")}\n${outro.html}`,
        ),
      }
    }
    case "address-in-use": {
      const what =
        mail.attempt === "sign-up"
          ? "Someone tried to sign up for Colorday with this e-mail address, which already has an account: yours. No new account was made."
          : "Someone asked to move another Colorday account to this e-mail address, which already has an account: yours. Nothing was changed."
      return withPasswordLink(
        mail.to,
        "Someone tried to use your e-mail on Colorday",
        `Hi ${mail.name},\n\n${what}\n\nIf it was you, you can simply sign in; if you forgot your password, choose a new one with the link below. If it was not you, there is nothing to do.`,
        publicUrl,
      )
    }
    case "confirm-email-change": {
      const link = verifyLink(publicUrl, mail.token)
      const subject = "Confirm your new e-mail for Colorday"
      const intro = `Hi ${mail.name},\n\nYou asked to use this address for your Colorday account. Confirm it with this link; it works for ${hours(VERIFICATION_TOKEN_TTL_MS)}, once. Until then your account keeps its current address.`
      const outro = "If you did not ask for this, ignore this e-mail: nothing changes."
      return {
        to: mail.to,
        subject,
        link,
        text: `${intro}\n\n${link}\n\n${outro}\n\n${signature}\n`,
        html: page(
          subject,
          `${paragraphs(intro)}\n${button(link, "Confirm my new e-mail")}\n${paragraphs(outro)}`,
        ),
      }
    }
    case "email-change-requested":
      return withPasswordLink(
        mail.to,
        "Your Colorday e-mail is about to change",
        `Hi ${mail.name},\n\nSomeone signed in to your Colorday account asked to change its e-mail address to ${mail.newEmail}. It changes only when the link we sent to that address is opened; until then this address stays the account's.\n\nIf it was you, there is nothing to do. If not, choose a new password now: that signs out every session, and you can then cancel the change in your profile.`,
        publicUrl,
      )
    case "contest-announcement":
    case "weekly-summary":
      return renderNotificationMail(mail, publicUrl)
    case "failed-sign-ins":
      return withPasswordLink(
        mail.to,
        "Failed sign-ins to your Colorday account",
        `Hi ${mail.name},\n\nSomeone tried to sign in to your Colorday account with a wrong password ${mail.attempts} times in a row. If that was you, there is nothing to do. If not, your account is still yours: further guesses are slowed down and you can still sign in as usual. To be safe, choose a new password that you use nowhere else.`,
        publicUrl,
        "We send this mail at most once per burst of attempts; you cannot turn it off, since it is about your account's safety.",
      )
  }
}
