import type { ContestAnnouncementMail, WeeklySummaryMail } from "../../domain/shared/mailer.port.ts"
import { thumbnailKeyOf } from "../images/image-keys.ts"
import {
  baseUrl,
  button,
  escapeHtml,
  ordinal,
  page,
  paragraphs,
  type RenderedMail,
  signature,
  subjectLine,
  unsubscribeLines,
  unsubscribeLink,
} from "./templates.ts"

/**
 * The scheduled notification mails (issue 24): the morning contest announcement and the weekly
 * summary. Each is governed by a switch in Settings and carries its one-click unsubscribe link.
 */

/** "Saturday, November 28 at 11:59 PM EST": an instant as the member reads it, in their zone. */
export const localTime = (at: number, timeZone: string): string => {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(at)
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at)
  }
}

const contestLink = (publicUrl: string, contestId: string) =>
  `${baseUrl(publicUrl)}/contests/${encodeURIComponent(contestId)}`

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

const announcement = (mail: ContestAnnouncementMail, publicUrl: string): RenderedMail => {
  const link = contestLink(publicUrl, mail.contestId)
  const subject = subjectLine(`Today's contest: ${mail.contestTitle}`)
  const deadline = localTime(mail.endsAt, mail.timeZone)
  const who = mail.subscribersOnly ? "\n\nThis one is for subscribers (any paid plan)." : ""
  const body = `Good morning ${mail.name},\n\nToday's contest is open: "${mail.contestTitle}". Download the line art, color it and upload your entry before ${deadline}.${who}`
  const thumbnail =
    mail.lineArt === null
      ? ""
      : `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(`${baseUrl(publicUrl)}/images/${thumbnailKeyOf(mail.lineArt)}`)}" alt="${escapeHtml(`The line art of ${mail.contestTitle}`)}" width="240" style="max-width:240px;border:1px solid #e5e7eb;border-radius:6px"></a></p>\n`
  const unsubscribeUrl = unsubscribeLink(publicUrl, mail.unsubscribeToken)
  const outro = unsubscribeLines("Contest announcements", unsubscribeUrl)
  return {
    to: mail.to,
    subject,
    link,
    unsubscribeUrl,
    text: `${body}\n\nSee the contest: ${link}\n\n${outro.text}\n\n${signature}\n`,
    html: page(
      subject,
      `${paragraphs(body)}\n${thumbnail}${button(link, "See today's contest")}\n${outro.html}`,
    ),
  }
}

/** The summary's sections, each a heading and its lines (empty sections are left out). */
const summarySections = (mail: WeeklySummaryMail, publicUrl: string) => {
  const sections: Array<{ readonly heading: string; readonly lines: ReadonlyArray<string> }> = []
  if (mail.entries.length > 0) {
    const votes = mail.entries.reduce((sum, entry) => sum + entry.votes, 0)
    sections.push({
      heading: `Your entries: ${mail.entries.length}, ${plural(votes, "vote", "votes")} received`,
      lines: mail.entries.map(
        (entry) => `"${entry.contestTitle}": ${plural(entry.votes, "vote", "votes")}`,
      ),
    })
  }
  if (mail.placements.length > 0) {
    sections.push({
      heading: "Your places",
      lines: mail.placements.map(
        (place) =>
          `${ordinal(place.rank)} of ${place.entrants} in "${place.contestTitle}"${place.rank === 1 ? " (you won)" : ""}`,
      ),
    })
  }
  if (mail.badges.length > 0) {
    sections.push({ heading: "Badges earned", lines: mail.badges })
  }
  if (mail.winners.length > 0) {
    sections.push({
      heading: "This week's winners",
      lines: mail.winners.map((win) => `"${win.contestTitle}": ${win.winnerName}`),
    })
  }
  if (mail.nextContest !== null) {
    sections.push({
      heading: "Next up",
      lines: [
        `"${mail.nextContest.title}" opens ${localTime(mail.nextContest.startsAt, mail.timeZone)}: ${contestLink(publicUrl, mail.nextContest.contestId)}`,
      ],
    })
  }
  return sections
}

const weeklySummary = (mail: WeeklySummaryMail, publicUrl: string): RenderedMail => {
  const link = `${baseUrl(publicUrl)}/profile`
  const subject = subjectLine("Your week on Colorday")
  const intro = `Hi ${mail.name},\n\nHere is your week on Colorday, up to Sunday ${mail.sunday}.`
  const sections = summarySections(mail, publicUrl)
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
  const outro = unsubscribeLines("Weekly summary", unsubscribeUrl)
  return {
    to: mail.to,
    subject,
    link,
    unsubscribeUrl,
    text: `${intro}\n\n${text}\n\nYour profile: ${link}\n\n${outro.text}\n\n${signature}\n`,
    html: page(
      subject,
      `${paragraphs(intro)}\n${html}\n${button(link, "See my profile")}\n${outro.html}`,
    ),
  }
}

/** Subject, text and HTML of a scheduled notification mail, every value from a person escaped. */
export const renderNotificationMail = (
  mail: ContestAnnouncementMail | WeeklySummaryMail,
  publicUrl: string,
): RenderedMail => {
  switch (mail.kind) {
    case "contest-announcement":
      return announcement(mail, publicUrl)
    case "weekly-summary":
      return weeklySummary(mail, publicUrl)
  }
}
