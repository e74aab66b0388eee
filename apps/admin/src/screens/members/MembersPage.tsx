import { useInfiniteQuery } from "@tanstack/react-query"
import { Search } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, TextInput } from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { adminApi } from "../../api/admin-api.ts"
import { rowsOf } from "../../ui/admin-ui.tsx"
import { dateTime } from "../../ui/dates.ts"
import { MemberChips } from "./member-ui.tsx"

/** Members, searched by e-mail, username or name (the search is in the URL). */
const MembersPage = () => {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const q = params.get("q") ?? ""
  const [text, setText] = useState(q)
  const members = useInfiniteQuery({
    queryKey: ["admin", "members", q],
    queryFn: ({ pageParam }) => adminApi.members({ q: q || undefined, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = rowsOf(members)

  const search = (event: FormEvent) => {
    event.preventDefault()
    const next = text.trim()
    setParams(next ? { q: next } : {})
  }

  return (
    <>
      <PageHeader title={t("admin.members.title")} description={t("admin.members.description")} />
      <form role="search" onSubmit={search} className="mb-4 flex flex-wrap items-end gap-2">
        <Field label={t("admin.members.search.label")} className="w-full max-w-md flex-1">
          <TextInput
            type="search"
            value={text}
            placeholder={t("admin.members.search.placeholder")}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Button type="submit">
          <Search aria-hidden className="size-4" />
          {t("admin.members.search.button")}
        </Button>
      </form>
      {members.isPending ? (
        <Spinner label={t("admin.members.loading")} />
      ) : members.isError && rows.length === 0 ? (
        <ErrorState
          title={t("admin.members.failed")}
          message={messageOf(members.error, t("admin.members.noAnswer"))}
          onRetry={() => void members.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={q ? t("admin.members.noMatch", { q }) : t("admin.members.none")} />
      ) : (
        <>
          <TableBox label={t("admin.members.title")} cards>
            <thead className="bg-slate-50">
              <Tr>
                <Th>{t("admin.members.col.member")}</Th>
                <Th>{t("admin.members.col.email")}</Th>
                <Th>{t("admin.members.col.plan")}</Th>
                <Th>{t("admin.members.col.status")}</Th>
                <Th>{t("admin.members.col.joined")}</Th>
              </Tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <Tr key={member.id} className="border-t border-slate-100">
                  <Td label={t("admin.members.col.member")}>
                    <Link
                      to={`/members/${member.id}`}
                      className="font-medium break-words text-brand-700 hover:underline"
                    >
                      {member.username}
                    </Link>
                    <div className="text-xs break-words text-slate-600">
                      {member.firstName} {member.lastName}
                    </div>
                  </Td>
                  <Td label={t("admin.members.col.email")} className="break-all">
                    {member.email}
                  </Td>
                  <Td label={t("admin.members.col.plan")} className="capitalize">
                    {member.tier}
                  </Td>
                  <Td label={t("admin.members.col.status")}>
                    <MemberChips member={member} />
                  </Td>
                  <Td label={t("admin.members.col.joined")} className="whitespace-nowrap">
                    {dateTime(member.createdDate)}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </TableBox>
          <LoadMore pages={members} failure={t("admin.members.nextFailed")} />
        </>
      )}
    </>
  )
}

export default MembersPage
