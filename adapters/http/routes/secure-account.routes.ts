import { Effect, Schema } from "effect"
import { secureAccount } from "../../../domain/accounts/sign-in-alert.use-case.ts"
import { t, type Translate } from "../../i18n/server-i18n.ts"
import { escapeHtml, resetLink } from "../../mail/templates.ts"
import { ok, route } from "../route.ts"
import { Text } from "./shared.ts"
import { htmlPage } from "./unsubscribe.routes.ts"

/**
 * The new-sign-in mail's "it was not me" link (issue 24, login notifications): a page with one
 * button (a GET changes nothing: mail scanners open links), whose POST signs out every session of
 * the account and starts a password reset, answering the reset page's link. The pages are in the
 * reader's language (issue 22); the JSON answer stays the spec's English.
 */

const Params = Schema.Struct({ token: Text(512) })

const wantsPage = (accept: string) => accept.includes("text/html")

/** Stands for the link inside the translated sentence until the sentence is escaped. */
const LINK_MARK = "\u0001link\u0001"

const invalidPage = (tr: Translate) => {
  const link = `<a href="/forgot-password">${escapeHtml(tr("server.secure.invalid.link"))}</a>`
  const text = escapeHtml(tr("server.secure.invalid.text", { link: LINK_MARK }))
  return htmlPage(
    400,
    tr("server.secure.invalid.title"),
    `<p>${text.replace(LINK_MARK, () => link)}</p>`,
    tr,
  )
}

export const secureAccountRoutes = [
  route({
    method: "GET",
    path: "/api/users/secure-account/:token",
    tag: "accounts",
    summary:
      "The page the new-sign-in mail's link opens (HTML): one button that signs out every session and starts a password reset (a POST here). Changes nothing by itself",
    access: "public",
    params: Params,
    handler: ({ raw }) => {
      const tr = t(raw.language)
      return Effect.succeed(
        htmlPage(
          200,
          tr("server.secure.confirm.title"),
          `<p>${escapeHtml(tr("server.secure.confirm.text"))}</p>
<form method="post"><button type="submit" style="padding:10px 18px;background:#dc2626;color:#ffffff;border:0;border-radius:6px;font-size:1rem">${escapeHtml(tr("server.secure.confirm.button"))}</button></form>`,
          tr,
        ),
      )
    },
  }),
  route({
    method: "POST",
    path: "/api/users/secure-account/:token",
    tag: "accounts",
    summary:
      "The new-sign-in mail's link, used up: every session of the account ends and a password reset starts ({resetUrl}, the reset page's link, valid for an hour; a browser's form post, Accept: text/html, gets a page linking to it). No session needed",
    access: "public",
    okBody: Schema.Struct({ message: Schema.String, resetUrl: Schema.String }),
    params: Params,
    responses: { 400: "INVALID_TOKEN: the link is unknown, used or expired" },
    handler: ({ params, raw }) =>
      secureAccount(params.token).pipe(
        Effect.map(({ resetToken }) => {
          const resetUrl = resetLink(raw.origin, resetToken)
          if (!wantsPage(raw.header("Accept"))) {
            return ok({ message: "Every session is signed out. Choose a new password.", resetUrl })
          }
          const tr = t(raw.language)
          return htmlPage(
            200,
            tr("server.secure.done.title"),
            `<p>${escapeHtml(tr("server.secure.done.text"))}</p>
<p><a href="${escapeHtml(resetUrl)}">${escapeHtml(tr("server.secure.done.link"))}</a></p>`,
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
