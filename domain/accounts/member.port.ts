import { Context, type Effect, type Option } from "effect"
import type { NotFound } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import type { Page } from "../shared/paging.ts"
import type { Member } from "./member.entity.ts"

export class MemberRepository extends Context.Service<
  MemberRepository,
  {
    readonly get: (id: MemberId) => Effect.Effect<Member, NotFound>
    /** By normalised e-mail address. */
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<Member>>
    /** By username, case-insensitively. */
    readonly findByUsername: (username: string) => Effect.Effect<Option.Option<Member>>
    readonly save: (member: Member) => Effect.Effect<void>
    /** Members in id order, a page at a time (for backfills and the admin list). */
    readonly page: (cursor: string | null, limit: number) => Effect.Effect<Page<Member>>
    /**
     * Newest sign-ups first, a page at a time; with text, only members whose e-mail, username,
     * first or last name contains it (case-insensitively).
     */
    readonly search: (
      text: string,
      cursor: string | null,
      limit: number,
    ) => Effect.Effect<Page<Member>>
    readonly count: Effect.Effect<number>
  }
>()("colorday/MemberRepository") {}
