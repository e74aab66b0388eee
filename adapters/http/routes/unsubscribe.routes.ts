import { Effect, Schema } from "effect"
import {
  type Unsubscribed,
  unsubscribe,
  unsubscribeLinkSwitch,
} from "../../../domain/accounts/unsubscribe.use-case.ts"
import { escapeHtml } from "../../mail/templates.ts"
import { ok, type Reply, route } from "../route.ts"
import { Text } from "./shared.ts"

/**
 * One-click unsubscribe (RFC 8058, issue 24): every mail a notification switch governs carries
 * /api/unsubscribe/TOKEN in its text and its List-Unsubscribe header. A mail client POSTs there
 * ("List-Unsubscribe=One-Click") and the switch is off, without signing in; a person who opens the
 * link gets a page with one button that does the same (a GET changes nothing: mail scanners
 * open links).
 */

const UnsubscribedBody = Schema.Struct({
  switch: Schema.String,
  label: Schema.String,
  message: Schema.String,
})

const offMessage = (done: Unsubscribed) =>
  `"${done.label}" is off: you will not get these mails any more. You can turn it on again in your profile's Settings.`

export const htmlPage = (status: number, title: string, body: string): Reply => ({
  status,
  body: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Colorday</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
${body}
<p><a href="/">Colorday</a> · <a href="/profile">Your settings</a></p>
</body>
</html>
`,
  headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
})

const invalidPage = () =>
  htmlPage(
    400,
    "This unsubscribe link does not work",
    "<p>It is unknown or has expired. You can turn any notification off in your profile's Settings after signing in.</p>",
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
    handler: ({ params }) =>
      unsubscribeLinkSwitch(params.token).pipe(
        Effect.map((link) =>
          htmlPage(
            200,
            `Turn off "${link.label}"?`,
            `<p>This link turns off the "${escapeHtml(link.label)}" mails of your Colorday account. Nothing else changes.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:10px 18px;background:#7c3aed;color:#ffffff;border:0;border-radius:6px;font-size:1rem">Turn off ${escapeHtml(link.label)}</button></form>`,
          ),
        ),
        Effect.catchTag("InvalidToken", () => Effect.succeed(invalidPage())),
      ),
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
        Effect.map((done) =>
          wantsPage(raw.header("Accept"))
            ? htmlPage(200, `"${done.label}" is off`, `<p>${escapeHtml(offMessage(done))}</p>`)
            : ok({ ...done, message: offMessage(done) }),
        ),
        Effect.catchTag("InvalidToken", (error) =>
          wantsPage(raw.header("Accept")) ? Effect.succeed(invalidPage()) : Effect.fail(error),
        ),
      ),
  }),
]
