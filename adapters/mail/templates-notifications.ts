import type { Language } from "../../domain/accounts/member-settings.ts"
import type {
  ContestAnnouncementMail,
  InLanguage,
  WeeklySummaryMail,
} from "../../domain/shared/mailer.port.ts"
import { t, type Translate } from "../i18n/server-i18n.ts"
import { thumbnailKeyOf } from "../images/image-keys.ts"
import {
  baseUrl,
  button,
  escapeHtml,
  page,
  paragraphs,
  type RenderedMail,
  signatureIn,
  subjectLine,
  unsubscribeLines,
  unsubscribeLink,
} from "./templates.ts"

/**
 * The scheduled notification mails (issue 24): the morning contest announcement and the weekly
 * summary. Each is governed by a switch in Settings and carries its one-click unsubscribe link.
 */

/**
 * "Saturday, November 28 at 11:59 PM EST": an instant as the member reads it, in their zone and
 * in the mail's language (English as en-US, as the spec writes it).
 */
export const localTime = (at: number, timeZone: string, language: Language = "en"): string => {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }
  const locale = language === "en" ? "en-US" : language
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at)
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(at)
  }
}

const contestLink = (publicUrl: string, contestId: string) =>
  `${baseUrl(publicUrl)}/contests/${encodeURIComponent(contestId)}`

type Scheduled<M> = M & InLanguage

const announcement = (
  mail: Scheduled<ContestAnnouncementMail>,
  publicUrl: string,
  tr: Translate,
): RenderedMail => {
  const link = contestLink(publicUrl, mail.contestId)
  const title = mail.contestTitle
  const subject = subjectLine(tr("mail.notifications.announcement.subject", { title }))
  const deadline = localTime(mail.endsAt, mail.timeZone, tr.language)
  const who = mail.subscribersOnly ? `\n\n${tr("mail.notifications.announcement.subscribers")}` : ""
  const body = `${tr("mail.notifications.announcement.body", { name: mail.name, title, deadline })}${who}`
  const thumbnail =
    mail.lineArt === null
      ? ""
      : `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(`${baseUrl(publicUrl)}/images/${thumbnailKeyOf(mail.lineArt)}`)}" alt="${escapeHtml(tr("mail.notifications.announcement.thumbnailAlt", { title }))}" width="240" style="max-width:240px;border:1px solid #e5e7eb;border-radius:6px"></a></p>\n`
  const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
  const outro = unsubscribeLines(tr("mail.common.switch.contestAnnouncements"), unsubscribeUrl, tr)
  return {
    to: mail.to,
    subject,
    link,
    unsubscribeUrl,
    text: `${body}\n\n${tr("mail.notifications.announcement.seeText", { link })}\n\n${outro.text}\n\n${signatureIn(tr)}\n`,
    html: page(
      subject,
      `${paragraphs(body)}\n${thumbnail}${button(link, tr("mail.notifications.announcement.button"), tr)}\n${outro.html}`,
      tr,
    ),
  }
}

/** The summary's sections, each a heading and its lines (empty sections are left out). */
const summarySections = (mail: Scheduled<WeeklySummaryMail>, publicUrl: string, tr: Translate) => {
  const sections: Array<{ readonly heading: string; readonly lines: ReadonlyArray<string> }> = []
  if (mail.entries.length > 0) {
    const votes = mail.entries.reduce((sum, entry) => sum + entry.votes, 0)
    sections.push({
      heading: tr("mail.notifications.summary.entries.heading", {
        entries: mail.entries.length,
        votes,
      }),
      lines: mail.entries.map((entry) =>
        tr("mail.notifications.summary.entries.line", {
          title: entry.contestTitle,
          votes: entry.votes,
        }),
      ),
    })
  }
  if (mail.placements.length > 0) {
    sections.push({
      heading: tr("mail.notifications.summary.places.heading"),
      lines: mail.placements.map((place) =>
        tr(
          place.rank === 1
            ? "mail.notifications.summary.places.won"
            : "mail.notifications.summary.places.line",
          { rank: place.rank, entrants: place.entrants, title: place.contestTitle },
        ),
      ),
    })
  }
  if (mail.badges.length > 0) {
    sections.push({ heading: tr("mail.notifications.summary.badges.heading"), lines: mail.badges })
  }
  if (mail.winners.length > 0) {
    sections.push({
      heading: tr("mail.notifications.summary.winners.heading"),
      lines: mail.winners.map((win) =>
        tr("mail.notifications.summary.winners.line", {
          title: win.contestTitle,
          winner: win.winnerName,
        }),
      ),
    })
  }
  if (mail.nextContest !== null) {
    sections.push({
      heading: tr("mail.notifications.summary.next.heading"),
      lines: [
        tr("mail.notifications.summary.next.line", {
          title: mail.nextContest.title,
          when: localTime(mail.nextContest.startsAt, mail.timeZone, tr.language),
          link: contestLink(publicUrl, mail.nextContest.contestId),
        }),
      ],
    })
  }
  return sections
}

const weeklySummary = (
  mail: Scheduled<WeeklySummaryMail>,
  publicUrl: string,
  tr: Translate,
): RenderedMail => {
  const link = `${baseUrl(publicUrl)}/profile`
  const subject = subjectLine(tr("mail.notifications.summary.subject"))
  const intro = tr("mail.notifications.summary.intro", { name: mail.name, sunday: mail.sunday })
  const sections = summarySections(mail, publicUrl, tr)
  const text = sections
    .map((section) => `${section.heading}\n${section.lines.map((line) => `- ${line}`).join("\n")}`)
    .join("\n\n")
  const html = sections
    .map(
      (section) =>
        `<h3 style="margin:16px 0 4px;font-size:15px">${escapeHtml(section.heading)}</h3>\n<ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    )
    .join("\n")
  const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
  const outro = unsubscribeLines(tr("mail.common.switch.weeklySummary"), unsubscribeUrl, tr)
  return {
    to: mail.to,
    subject,
    link,
    unsubscribeUrl,
    text: `${intro}\n\n${text}\n\n${tr("mail.notifications.summary.profileText", { link })}\n\n${outro.text}\n\n${signatureIn(tr)}\n`,
    html: page(
      subject,
      `${paragraphs(intro)}\n${html}\n${button(link, tr("mail.notifications.summary.button"), tr)}\n${outro.html}`,
      tr,
    ),
  }
}

/**
 * Subject, text and HTML of a scheduled notification mail, in the mail's language (its member's
 * setting; English without one), every value from a person escaped.
 */
export const renderNotificationMail = (
  mail: Scheduled<ContestAnnouncementMail | WeeklySummaryMail>,
  publicUrl: string,
): RenderedMail => {
  const tr = t(mail.language ?? "en")
  switch (mail.kind) {
    case "contest-announcement":
      return announcement(mail, publicUrl, tr)
    case "weekly-summary":
      return weeklySummary(mail, publicUrl, tr)
  }
}
