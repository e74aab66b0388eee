import type { Context } from "koa"
import type { DomainError, DomainErrorTag } from "../../domain/shared/domain-error.ts"
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  type Language,
  languageOfTag,
} from "../../domain/site/languages.ts"
import { t } from "../i18n/server-i18n.ts"

/**
 * A domain refusal's message in the reader's language (issue 22). The domain words its refusals in
 * English (the spec's texts, which the API's English answers keep byte for byte); this table names,
 * per error tag, the catalog message (locales/<language>/errors.json) and the values it takes. The
 * type checker keeps it whole like STATUS_OF: a new domain error without a row does not compile.
 * `undefined` keeps the English message: the editor's refusals (the editor is a developer tool in
 * English, like its UI) and validation, whose per-field sentences come from many use cases and are
 * translated issue by issue (validation-messages.ts; http-errors.ts builds the answer from them).
 */
export interface LocalizedMessage {
  readonly id: string
  readonly values?: Readonly<Record<string, string | number>>
}

type Row<Tag extends DomainErrorTag> = (
  error: Extract<DomainError, { readonly _tag: Tag }>,
) => LocalizedMessage | undefined

const ENGLISH_ONLY = () => undefined

export const MESSAGE_OF: { readonly [Tag in DomainErrorTag]: Row<Tag> } = {
  NotFound: ({ entity, id }) => ({
    id: "errors.NOT_FOUND",
    // `kind` picks the sentence (a select key has no spaces); `entity` is the English word.
    values: { kind: entity === "line-art request" ? "lineArtRequest" : entity, entity, id },
  }),
  ValidationFailed: ENGLISH_ONLY,
  AuthenticationRequired: () => ({ id: "errors.AUTHENTICATION_REQUIRED" }),
  OutOfSubmissions: () => ({ id: "errors.OUT_OF_SUBMISSIONS" }),
  ContestClosed: ({ status }) => ({
    id: status === "scheduled" ? "errors.CONTEST_CLOSED.scheduled" : "errors.CONTEST_CLOSED",
  }),
  ContestOverlap: ({ title, contestId }) => ({
    id: "errors.CONTEST_OVERLAP",
    values: { title, contestId },
  }),
  ContestNotClosable: ({ status }) => ({
    id:
      status === "cancelled"
        ? "errors.CONTEST_NOT_CLOSABLE.cancelled"
        : "errors.CONTEST_NOT_CLOSABLE",
  }),
  NoResult: ({ status }) => ({
    id: status === "cancelled" ? "errors.NO_RESULT.cancelled" : "errors.NO_RESULT",
  }),
  SubscribersOnly: () => ({ id: "errors.SUBSCRIBERS_ONLY" }),
  VotingClosed: () => ({ id: "errors.VOTING_CLOSED" }),
  SelfVote: () => ({ id: "errors.SELF_VOTE" }),
  VotePermanent: () => ({ id: "errors.VOTE_PERMANENT" }),
  // Its reason is a sentence from the image adapters, in English.
  UnsupportedImage: ENGLISH_ONLY,
  EmailTaken: ({ email }) => ({ id: "errors.EMAIL_TAKEN", values: { email } }),
  UsernameTaken: ({ username }) => ({ id: "errors.USERNAME_TAKEN", values: { username } }),
  InvalidCredentials: ({ field }) => ({
    id:
      field === "currentPassword"
        ? "errors.INVALID_CREDENTIALS.currentPassword"
        : field === "password"
          ? "errors.INVALID_CREDENTIALS.password"
          : "errors.INVALID_CREDENTIALS",
  }),
  EmailNotVerified: () => ({ id: "errors.EMAIL_NOT_VERIFIED" }),
  AccountSuspended: () => ({ id: "errors.ACCOUNT_SUSPENDED" }),
  InvalidToken: ({ purpose }) => ({
    id:
      purpose === "reset"
        ? "errors.INVALID_TOKEN.reset"
        : purpose.startsWith("unsub-")
          ? "errors.INVALID_TOKEN.unsubscribe"
          : purpose === "secure-account"
            ? "errors.INVALID_TOKEN.secureAccount"
            : "errors.INVALID_TOKEN",
  }),
  AlreadySubscribed: ({ tier }) => ({ id: "errors.ALREADY_SUBSCRIBED", values: { tier } }),
  TooManyOpenCheckouts: ({ limit }) => ({
    id: "errors.TOO_MANY_OPEN_CHECKOUTS",
    values: { limit },
  }),
  NotRefundable: ({ reason }) => ({
    id:
      reason === "not-extra-entry"
        ? "errors.NOT_REFUNDABLE.notExtraEntry"
        : reason === "not-paid"
          ? "errors.NOT_REFUNDABLE.notPaid"
          : reason === "contest-not-cancelled"
            ? "errors.NOT_REFUNDABLE.contestNotCancelled"
            : "errors.NOT_REFUNDABLE.creditUsed",
  }),
  ContestLocked: ({ reason }) => ({
    id:
      reason === "started"
        ? "errors.CONTEST_LOCKED.started"
        : reason === "cancelled"
          ? "errors.CONTEST_LOCKED.cancelled"
          : "errors.CONTEST_LOCKED.ended",
  }),
  NotAnnounceable: ({ reason }) => ({
    id:
      reason === "not-closed"
        ? "errors.NOT_ANNOUNCEABLE.notClosed"
        : reason === "no-winner"
          ? "errors.NOT_ANNOUNCEABLE.noWinner"
          : "errors.NOT_ANNOUNCEABLE.alreadyAnnounced",
  }),
  SelfAction: ({ action }) => ({
    id: action === "demote" ? "errors.SELF_ACTION.demote" : "errors.SELF_ACTION.suspend",
  }),
  CanvasNotFound: ENGLISH_ONLY,
  ElementNotFound: ENGLISH_ONLY,
  ElementChanged: ENGLISH_ONLY,
  FileConflict: ENGLISH_ONLY,
  PathOutsideCanvas: ENGLISH_ONLY,
  ResultDoesNotParse: ENGLISH_ONLY,
  OldContentMismatch: ENGLISH_ONLY,
  ParentMismatch: ENGLISH_ONLY,
  DynamicContentNotEditable: ENGLISH_ONLY,
  UnsupportedEdit: ENGLISH_ONLY,
  NothingToRevert: ENGLISH_ONLY,
  NotAJudge: () => ({ id: "errors.NOT_A_JUDGE" }),
  FeedbackNotOffered: ({ reason, planName }) =>
    reason === "plan"
      ? { id: "errors.FEEDBACK_NOT_OFFERED.plan", values: { planName } }
      : { id: "errors.FEEDBACK_NOT_OFFERED.ownEntry" },
  FeedbackPrivate: () => ({ id: "errors.FEEDBACK_PRIVATE" }),
  SpotlightRefused: ({ reason, plans }) =>
    reason === "plan"
      ? { id: "errors.SPOTLIGHT_REFUSED.plan", values: { plans } }
      : { id: "errors.SPOTLIGHT_REFUSED.notVisible" },
  // Its action is the use case's own English words: the translation names the plan only.
  PerkRequired: ({ planName }) => ({ id: "errors.PERK_REQUIRED", values: { planName } }),
}

/**
 * The HTTP layer's own refusals a member can meet, by code (and English text where a code has
 * several): a rate limit, a request that needs a session. Others (a developer's malformed
 * request, an admin-only path) stay in English.
 */
const REFUSAL_MESSAGE: ReadonlyArray<{
  readonly code: string
  readonly english?: string
  readonly id: string
}> = [
  {
    code: "RATE_LIMITED",
    english: "Too many uploads. Please wait and try again.",
    id: "errors.RATE_LIMITED.uploads",
  },
  { code: "RATE_LIMITED", id: "errors.RATE_LIMITED" },
  { code: "AUTHENTICATION_REQUIRED", id: "errors.AUTHENTICATION_REQUIRED" },
]

/** An HTTP refusal's message in a language: the catalog's for those above, else as given. */
export const refusalMessageIn = (code: string, message: string, language: Language): string => {
  if (language === DEFAULT_LANGUAGE) return message
  const row = REFUSAL_MESSAGE.find(
    (refusal) =>
      refusal.code === code && (refusal.english === undefined || refusal.english === message),
  )
  return row ? t(language)(row.id) : message
}

/** The catalog message of a refusal, if it has one (English-only refusals have none). */
export const localizedMessageOf = (error: DomainError): LocalizedMessage | undefined =>
  (MESSAGE_OF[error._tag] as Row<DomainErrorTag>)(error)

/**
 * A refusal's message in a language: English is the domain's own text (unchanged), another
 * language the catalog's, English again where the refusal has no catalog message.
 */
export const errorMessageIn = (error: DomainError, language: Language): string => {
  if (language === DEFAULT_LANGUAGE) return error.message
  const localized = localizedMessageOf(error)
  return localized ? t(language)(localized.id, localized.values) : error.message
}

/**
 * The language an API answer's messages are in: Accept-Language first (the apps send their active
 * language there, which follows the member's setting), else the footer's cookie, else English. No
 * session read: a refusal costs no query.
 */
export const requestLanguage = (
  ctx: Pick<Context, "get" | "acceptsLanguages" | "cookies">,
): Language =>
  languageOfTag(acceptedLanguage(ctx)) ??
  languageOfTag(ctx.cookies.get(LANGUAGE_COOKIE)) ??
  DEFAULT_LANGUAGE

/**
 * The best of our languages the request's Accept-Language takes, if it sends one that names any
 * (no header at all is no choice: Koa would call that "anything", the first of ours). The API's
 * answers and the server's pages both read the header through this, each in its own order with the
 * member's setting and the footer's cookie.
 */
export const acceptedLanguage = (
  ctx: Pick<Context, "get" | "acceptsLanguages">,
): string | undefined => {
  if (ctx.get("Accept-Language") === "") return undefined
  const accepted = ctx.acceptsLanguages(...LANGUAGE_CODES)
  return accepted === false ? undefined : accepted
}
