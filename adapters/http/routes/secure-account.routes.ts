import { Effect, Schema } from "effect"
import { secureAccount } from "../../../domain/accounts/sign-in-alert.use-case.ts"
import { escapeHtml, resetLink } from "../../mail/templates.ts"
import { ok, route } from "../route.ts"
import { Text } from "./shared.ts"
import { htmlPage } from "./unsubscribe.routes.ts"

/**
 * The new-sign-in mail's "it was not me" link (issue 24, login notifications): a page with one
 * button (a GET changes nothing: mail scanners open links), whose POST signs out every session of
 * the account and starts a password reset, answering the reset page's link.
 */

const Params = Schema.Struct({ token: Text(512) })

const wantsPage = (accept: string) => accept.includes("text/html")

const invalidPage = () =>
  htmlPage(
    400,
    "This link does not work",
    '<p>It is unknown, used already or older than a week. If someone else signed in to your account, choose a new password: <a href="/forgot-password">forgot password</a>.</p>',
  )

export const secureAccountRoutes = [
  route({
    method: "GET",
    path: "/api/users/secure-account/:token",
    tag: "accounts",
    summary:
      "The page the new-sign-in mail's link opens (HTML): one button that signs out every session and starts a password reset (a POST here). Changes nothing by itself",
    access: "public",
    params: Params,
    handler: () =>
      Effect.succeed(
        htmlPage(
          200,
          "Secure your Colorday account",
          `<p>If you did not sign in from that browser, sign out every session of your account now, then choose a new password.</p>
<form method="post"><button type="submit" style="padding:10px 18px;background:#dc2626;color:#ffffff;border:0;border-radius:6px;font-size:1rem">Sign out everywhere</button></form>`,
        ),
      ),
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
          return wantsPage(raw.header("Accept"))
            ? htmlPage(
                200,
                "Every session is signed out",
                `<p>Nobody is signed in to your account any more. Now choose a new password:</p>
<p><a href="${escapeHtml(resetUrl)}">Choose a new password</a></p>`,
              )
            : ok({ message: "Every session is signed out. Choose a new password.", resetUrl })
        }),
        Effect.catchTag("InvalidToken", (error) =>
          wantsPage(raw.header("Accept")) ? Effect.succeed(invalidPage()) : Effect.fail(error),
        ),
      ),
  }),
]
