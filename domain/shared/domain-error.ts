import type {
  AccountSuspended,
  EmailNotVerified,
  EmailTaken,
  InvalidCredentials,
  InvalidToken,
  UsernameTaken,
} from "../accounts/accounts.errors.ts"
import type { ContestLocked, NotAnnounceable, SelfAction } from "../admin/admin.errors.ts"
import type { CanvasNotFound } from "../editing/canvases.port.ts"
import type {
  DynamicContentNotEditable,
  ElementChanged,
  ElementNotFound,
  FileConflict,
  NothingToRevert,
  OldContentMismatch,
  ParentMismatch,
  PathOutsideCanvas,
  ResultDoesNotParse,
  UnsupportedEdit,
} from "../editing/source-rewriter.port.ts"
import type {
  AlreadySubscribed,
  NotRefundable,
  TooManyOpenCheckouts,
} from "../billing/billing.errors.ts"
import type {
  ContestClosed,
  ContestNotClosable,
  ContestOverlap,
  NoResult,
  SubscribersOnly,
} from "../contests/contests.errors.ts"
import type { OutOfSubmissions } from "../plans/plans.errors.ts"
import type { FeedbackNotOffered, FeedbackPrivate, NotAJudge } from "../feedback/feedback.errors.ts"
import type { SpotlightRefused } from "../spotlight/spotlight.errors.ts"
import type { PerkRequired } from "../perks/perks.errors.ts"
import type { UnsupportedImage } from "../submissions/image-store.port.ts"
import type { SelfVote, VotePermanent, VotingClosed } from "../voting/voting.errors.ts"
import type { AuthenticationRequired, NotFound, ValidationFailed } from "./errors.ts"

/**
 * Every refusal a use case can answer with. Each carries a stable `code`; adapters map the tag to
 * a transport (an HTTP status, a CLI exit code) in one table that the type checker keeps whole.
 */
export type DomainError =
  | NotFound
  | ValidationFailed
  | AuthenticationRequired
  | OutOfSubmissions
  | ContestClosed
  | ContestOverlap
  | ContestNotClosable
  | NoResult
  | SubscribersOnly
  | VotingClosed
  | SelfVote
  | VotePermanent
  | UnsupportedImage
  | EmailTaken
  | UsernameTaken
  | InvalidCredentials
  | EmailNotVerified
  | AccountSuspended
  | InvalidToken
  | AlreadySubscribed
  | TooManyOpenCheckouts
  | NotRefundable
  | ContestLocked
  | NotAnnounceable
  | SelfAction
  | CanvasNotFound
  | ElementNotFound
  | ElementChanged
  | FileConflict
  | PathOutsideCanvas
  | ResultDoesNotParse
  | OldContentMismatch
  | ParentMismatch
  | DynamicContentNotEditable
  | UnsupportedEdit
  | NothingToRevert
  | NotAJudge
  | FeedbackNotOffered
  | FeedbackPrivate
  | SpotlightRefused
  | PerkRequired

export type DomainErrorTag = DomainError["_tag"]
export type DomainErrorCode = DomainError["code"]
