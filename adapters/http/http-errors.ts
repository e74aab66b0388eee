import type { DomainError, DomainErrorTag } from "../../domain/shared/domain-error.ts"
import { DEFAULT_LANGUAGE, type Language } from "../../domain/site/languages.ts"
import { errorMessageIn } from "./error-messages.ts"
import { issueMessageIn } from "./validation-messages.ts"

/**
 * The one table from domain refusals to HTTP: a status per error tag. The type checker keeps it
 * whole — a new domain error without a row here does not compile.
 */
export const STATUS_OF: { readonly [Tag in DomainErrorTag]: number } = {
  NotFound: 404,
  ValidationFailed: 400,
  AuthenticationRequired: 401,
  OutOfSubmissions: 402,
  ContestClosed: 403,
  ContestOverlap: 409,
  ContestNotClosable: 409,
  NoResult: 404,
  SubscribersOnly: 403,
  VotingClosed: 403,
  SelfVote: 403,
  VotePermanent: 403,
  UnsupportedImage: 415,
  EmailTaken: 409,
  UsernameTaken: 409,
  InvalidCredentials: 401,
  EmailNotVerified: 403,
  AccountSuspended: 403,
  InvalidToken: 400,
  AlreadySubscribed: 409,
  // Not a rate: a count of open checkouts that goes down when one is paid, cancelled or expires.
  TooManyOpenCheckouts: 429,
  NotRefundable: 409,
  ContestLocked: 409,
  NotAnnounceable: 409,
  SelfAction: 409,
  // The editor's source rewriting (/canvases).
  CanvasNotFound: 404,
  ElementNotFound: 404,
  ElementChanged: 409,
  FileConflict: 409,
  PathOutsideCanvas: 403,
  ResultDoesNotParse: 422,
  OldContentMismatch: 409,
  ParentMismatch: 409,
  DynamicContentNotEditable: 422,
  UnsupportedEdit: 422,
  NothingToRevert: 409,
  // Professional feedback and the Spotlight (issue 19).
  NotAJudge: 403,
  FeedbackNotOffered: 403,
  FeedbackPrivate: 403,
  SpotlightRefused: 409,
  // A perk the member's current plan does not grant (the message names the plan and /pricing).
  PerkRequired: 403,
}

export interface ErrorBody {
  readonly code: string
  readonly message: string
  /** Validation: one entry per field that is wrong. */
  readonly issues?: ReadonlyArray<{ readonly field: string; readonly message: string }>
  /** The spec's sign-in flag for an unverified e-mail. */
  readonly emailNotVerified?: true
  /** Where to choose a plan, when a paid plan would allow what was refused (SUBSCRIBERS_ONLY). */
  readonly upgradeUrl?: string
  readonly requestId?: string
}

export const isDomainError = (error: unknown): error is DomainError =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  typeof error._tag === "string" &&
  (error as { _tag: string })._tag in STATUS_OF

/** The status and body a domain refusal is answered with. */
export const domainErrorResponse = (
  error: DomainError,
  /** The reader's language (error-messages.ts requestLanguage): English by default. */
  language: Language = DEFAULT_LANGUAGE,
): { status: number; body: ErrorBody } => {
  // Validation's field messages in the reader's language; its message lists them as the domain's does.
  const issues =
    error._tag === "ValidationFailed"
      ? error.issues.map(({ field, message }) => ({
          field,
          message: issueMessageIn(message, language),
        }))
      : undefined
  const body: ErrorBody = {
    code: error.code,
    message:
      issues === undefined || language === DEFAULT_LANGUAGE
        ? errorMessageIn(error, language)
        : issues.map(({ field, message }) => `${field}: ${message}`).join("; "),
    ...(issues === undefined ? {} : { issues }),
    ...(error._tag === "EmailNotVerified" ? { emailNotVerified: true as const } : {}),
    ...(error._tag === "SubscribersOnly" ? { upgradeUrl: error.upgradeUrl } : {}),
  }
  return { status: STATUS_OF[error._tag], body }
}

/**
 * Errors the HTTP layer itself raises (bad input, authorization), outside the domain. A refusal is
 * an answer (a 4xx with its code), not a fault: it is never logged, so it carries no stack trace,
 * whose capture was its largest cost (6 % of the server's CPU on a signed-in POST refused 403).
 */
export class HttpRefusal extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.status = status
    this.code = code
  }
}

export const badRequest = (message: string) => new HttpRefusal(400, "BAD_REQUEST", message)
export const forbidden = (message = "You may not act for another member") =>
  new HttpRefusal(403, "FORBIDDEN", message)
export const unauthenticated = () =>
  new HttpRefusal(401, "AUTHENTICATION_REQUIRED", "Please sign in first")
