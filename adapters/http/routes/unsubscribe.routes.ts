import { Effect, Schema } from "effect"
import {
  type Unsubscribed,
  unsubscribe,
  unsubscribeLinkSwitch,
} from "../../../domain/accounts/unsubscribe.use-case.ts"
import { SWITCH_LABEL_ID } from "../../i18n/switch-labels.ts"
import { t, type Translate } from "../../i18n/server-i18n.ts"
import { escapeHtml } from "../../mail/templates.ts"
import { ok, type Reply, route } from "../route.ts"
import { Text } from "./shared.ts"

/**
 * One-click unsubscribe (RFC 8058, issue 24): every mail a notification switch governs carries
 * /api/unsubscribe/TOKEN in its text and its List-Unsubscribe header. A mail client POSTs there
 * ("List-Unsubscribe=One-Click") and the switch is off, without signing in; a person who opens the
 * link gets a page with one button that does the same (a GET changes nothing: mail scanners
 * open links). The pages are in the reader's language (issue 22: the browser's Accept-Language,
 * else the footer's cookie); the JSON a mail client gets stays the spec's English.
 */

const UnsubscribedBody = Schema.Struct({
  switch: Schema.String,
  label: Schema.String,
  message: Schema.String,
})

const offMessage = (done: Unsubscribed) =>
  `"${done.label}" is off: you will not get these mails any more. You can turn it on again in your profile's Settings.`

/** The switch's name in the page's language ("Resultados de las votaciones"). */
const labelIn = (tr: Translate, done: Unsubscribed) => tr(SWITCH_LABEL_ID[done.switch])

export const htmlPage = (
  status: number,
  title: string,
  body: string,
  tr: Translate = t("en"),
): Reply => ({
  status,
  body: `<!doctype html>
<html lang="${tr.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Colorday</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
${body}
<p><a href="/">Colorday</a> · <a href="/profile">${escapeHtml(tr("server.page.settings"))}</a></p>
</body>
</html>
`,
  headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
})

const invalidPage = (tr: Translate) =>
  htmlPage(
    400,
    tr("server.unsubscribe.invalid.title"),
    `<p>${escapeHtml(tr("server.unsubscribe.invalid.text"))}</p>`,
    tr,
  )

/** A browser's form post asks for a page; a mail client's one-click POST gets JSON. */
const wantsPage = (accept: string) => accept.includes("text/html")

const Params = Schema.Struct({ token: Text(512) })

export const unsubscribeRoutes = [
  route({
    method: "GET",
    path: "/api/unsubscribe/:token",
    tag: "accounts",
    summary:
      "The page an unsubscribe link in a mail opens (HTML): which notification it turns off, and a button that does (a POST here). Changes nothing by itself; an unknown or expired link shows a page saying so (400)",
    access: "public",
    params: Params,
    responses: { 400: "The link is unknown or expired (an HTML page)" },
    handler: ({ params, raw }) => {
      const tr = t(raw.language)
      return unsubscribeLinkSwitch(params.token).pipe(
        Effect.map((link) => {
          const label = labelIn(tr, link)
          return htmlPage(
            200,
            tr("server.unsubscribe.confirm.title", { label }),
            `<p>${escapeHtml(tr("server.unsubscribe.confirm.text", { label }))}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:10px 18px;background:#7c3aed;color:#ffffff;border:0;border-radius:6px;font-size:1rem">${escapeHtml(tr("server.unsubscribe.confirm.button", { label }))}</button></form>`,
            tr,
          )
        }),
        Effect.catchTag("InvalidToken", () => Effect.succeed(invalidPage(tr))),
      )
    },
  }),
  route({
    method: "POST",
    path: "/api/unsubscribe/:token",
    tag: "accounts",
    summary:
      "One-click unsubscribe (RFC 8058), no session: turns off the notification switch the mail's link names ({switch, label, message}); again, it answers the same. A browser's form post (Accept: text/html) gets an HTML page instead. The body (\"List-Unsubscribe=One-Click\") is not read",
    access: "public",
    okBody: UnsubscribedBody,
    params: Params,
    responses: { 400: "INVALID_TOKEN: the link is unknown or expired" },
    handler: ({ params, raw }) =>
      unsubscribe(params.token).pipe(
        Effect.map((done) => {
          if (!wantsPage(raw.header("Accept"))) return ok({ ...done, message: offMessage(done) })
          const tr = t(raw.language)
          const label = labelIn(tr, done)
          return htmlPage(
            200,
            tr("server.unsubscribe.done.title", { label }),
            `<p>${escapeHtml(tr("server.unsubscribe.done.text", { label }))}</p>`,
            tr,
          )
        }),
        Effect.catchTag("InvalidToken", (error) =>
          wantsPage(raw.header("Accept"))
            ? Effect.succeed(invalidPage(t(raw.language)))
            : Effect.fail(error),
        ),
      ),
  }),
]
