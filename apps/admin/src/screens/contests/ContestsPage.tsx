import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query"
import { CalendarDays, Plus } from "lucide-react"
import { useState } from "react"
import { Link, useNavigate, useSearchParams } from "react-router-dom"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { FormDialog } from "../../../../ui/src/dialog.tsx"
import { Field, SelectInput } from "../../../../ui/src/form.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { ContestStatus } from "../../api/admin-types.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { rowsOf, STATUS_LABELS, StatusChip } from "../../ui/admin-ui.tsx"
import { count, dateTime } from "../../ui/dates.ts"
import { ContestForm } from "./ContestForm.tsx"

const STATUSES = Object.keys(STATUS_LABELS) as ContestStatus[]

const isStatus = (value: string | null): value is ContestStatus =>
  value !== null && (STATUSES as string[]).includes(value)

/** Opens the new contest form; on success, goes to the contest (to add its line art). */
const NewContest = () => {
  const t = useT()
  const [open, setOpen] = useState(false)
  const client = useQueryClient()
  const toast = useToast()
  const navigate = useNavigate()
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("admin.contests.new")}
      description={t("admin.contests.new.description")}
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          {t("admin.contests.new")}
        </Button>
      }
    >
      <ContestForm
        submitLabel={t("admin.contests.new.submit")}
        busyLabel={t("admin.contests.new.busy")}
        onCancel={() => setOpen(false)}
        onSubmit={async (draft) => {
          const contest = await adminApi.createContest(draft)
          setOpen(false)
          toast({ title: t("admin.contests.new.created"), description: contest.title })
          void client.invalidateQueries({ queryKey: ["admin"] })
          void navigate(`/contests/${contest.id}`)
        }}
      />
    </FormDialog>
  )
}

/** Every contest, newest start first, filtered by status. */
const ContestsPage = () => {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const raw = params.get("status")
  const status = isStatus(raw) ? raw : undefined
  const contests = useInfiniteQuery({
    queryKey: ["admin", "contests", status ?? "all"],
    queryFn: ({ pageParam }) => adminApi.contests({ status, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = rowsOf(contests)

  return (
    <>
      <PageHeader
        title={t("admin.contests.title")}
        description={t("admin.contests.description")}
        actions={
          <>
            <Link to="/calendar" className={buttonVariants({ variant: "secondary" })}>
              <CalendarDays aria-hidden className="size-4" />
              {t("admin.contests.calendar")}
            </Link>
            <NewContest />
          </>
        }
      />
      <div className="mb-4 max-w-xs">
        <Field label={t("admin.contests.status")}>
          <SelectInput
            value={status ?? ""}
            onChange={(event) =>
              setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">{t("admin.contests.all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABELS[value])}
              </option>
            ))}
          </SelectInput>
        </Field>
      </div>
      {contests.isPending ? (
        <Spinner label={t("admin.contests.loading")} />
      ) : contests.isError && rows.length === 0 ? (
        <ErrorState
          title={t("admin.contests.failed")}
          message={messageOf(contests.error, t("admin.contests.noAnswer"))}
          onRetry={() => void contests.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t("admin.contests.none", { status: status ?? "all" })}>
          {t("admin.contests.none.hint")}
        </EmptyState>
      ) : (
        <>
          <TableBox label={t("admin.contests.title")}>
            <thead className="bg-slate-50">
              <tr>
                <Th>{t("admin.contest.form.title")}</Th>
                <Th>{t("admin.contests.status")}</Th>
                <Th>{t("admin.contests.type")}</Th>
                <Th>{t("admin.contest.form.starts")}</Th>
                <Th>{t("admin.contest.form.ends")}</Th>
                <Th className="text-right">{t("admin.contests.entries")}</Th>
                <Th className="text-right">{t("admin.contests.votes")}</Th>
                <Th>{t("admin.contests.lineArt")}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((contest) => (
                <tr key={contest.id} className="border-t border-slate-100">
                  <Td>
                    <Link
                      to={`/contests/${contest.id}`}
                      className="font-medium break-words text-brand-700 hover:underline"
                    >
                      {contest.title}
                    </Link>
                    {contest.subscribersOnly && (
                      <span className="ml-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        {t("admin.contest.form.subscribersOnly")}
                      </span>
                    )}
                  </Td>
                  <Td>
                    <StatusChip status={contest.status} />
                  </Td>
                  <Td>{contest.contestType}</Td>
                  <Td className="whitespace-nowrap">{dateTime(contest.startsAt)}</Td>
                  <Td className="whitespace-nowrap">{dateTime(contest.endsAt)}</Td>
                  <Td className="text-right">{count(contest.entryCount)}</Td>
                  <Td className="text-right">{count(contest.voteCount)}</Td>
                  <Td>
                    {contest.lineArt ? (
                      t("admin.contests.lineArt.yes")
                    ) : (
                      <span className="text-amber-800">{t("admin.contests.lineArt.missing")}</span>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </TableBox>
          <LoadMore pages={contests} failure={t("admin.contests.nextFailed")} />
        </>
      )}
    </>
  )
}

export default ContestsPage
