import { useInfiniteQuery } from "@tanstack/react-query"
import { Search } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, TextInput } from "../../../../ui/src/form.tsx"
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
      <PageHeader title="Members" description="Search by e-mail, username or name." />
      <form role="search" onSubmit={search} className="mb-4 flex flex-wrap items-end gap-2">
        <Field label="Search members" className="w-full max-w-md flex-1">
          <TextInput
            type="search"
            value={text}
            placeholder="grace@example.com, grace, Hopper…"
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Button type="submit">
          <Search aria-hidden className="size-4" />
          Search
        </Button>
      </form>
      {members.isPending ? (
        <Spinner label="Loading members…" />
      ) : members.isError && rows.length === 0 ? (
        <ErrorState
          title="The members did not load"
          message={messageOf(members.error, "The server did not answer")}
          onRetry={() => void members.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={q ? `No members match “${q}”` : "No members yet"} />
      ) : (
        <>
          <TableBox label="Members" cards>
            <thead className="bg-slate-50">
              <Tr>
                <Th>Member</Th>
                <Th>E-mail</Th>
                <Th>Plan</Th>
                <Th>Status</Th>
                <Th>Joined</Th>
              </Tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <Tr key={member.id} className="border-t border-slate-100">
                  <Td label="Member">
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
                  <Td label="E-mail" className="break-all">
                    {member.email}
                  </Td>
                  <Td label="Plan" className="capitalize">
                    {member.tier}
                  </Td>
                  <Td label="Status">
                    <MemberChips member={member} />
                  </Td>
                  <Td label="Joined" className="whitespace-nowrap">
                    {dateTime(member.createdDate)}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </TableBox>
          <LoadMore pages={members} failure="The next page did not load" />
        </>
      )}
    </>
  )
}

export default MembersPage
