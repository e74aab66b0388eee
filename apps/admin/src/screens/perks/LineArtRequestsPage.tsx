import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Chip, type ChipTone } from "../../../../ui/src/card.tsx"
import { Field, SelectInput, TextArea } from "../../../../ui/src/form.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { type Translate, useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"

type Request = Awaited<ReturnType<typeof adminApi.lineArtRequests>>[number]
type Include = "waiting" | "all"

const requestsKey = (include: Include) => ["admin", "line-art-requests", include] as const

const STATUS: { readonly [S in Request["status"]]: { label: string; tone: ChipTone } } = {
  open: { label: "admin.perks.requests.status.open", tone: "amber" },
  accepted: { label: "admin.perks.requests.status.accepted", tone: "sky" },
  declined: { label: "admin.perks.requests.status.declined", tone: "red" },
  fulfilled: { label: "admin.perks.requests.status.fulfilled", tone: "green" },
}

const who = (request: Request, t: Translate) =>
  request.member?.username ?? t("admin.perks.requests.deletedAccount")

const useRefresh = () => {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: ["admin", "line-art-requests"] })
}

const Accept = ({ request }: { readonly request: Request }) => {
  const toast = useToast()
  const refresh = useRefresh()
  const t = useT()
  if (request.status !== "open") return null
  const member = who(request, t)
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          {t("admin.perks.requests.accept")}{" "}
          <span className="sr-only">{t("admin.perks.requests.whose", { member })}</span>
        </Button>
      }
      title={t("admin.perks.requests.acceptTitle", { member })}
      description={t("admin.perks.requests.acceptDescription")}
      confirmLabel={t("admin.perks.requests.accept")}
      busyLabel={t("admin.perks.requests.accepting")}
      variant="primary"
      onConfirm={async () => {
        await adminApi.acceptLineArtRequest(request.id)
        refresh()
        toast({
          title: t("admin.perks.requests.accepted"),
          description: t("admin.perks.requests.acceptedMailed", { member }),
        })
      }}
    />
  )
}

const Decline = ({ request }: { readonly request: Request }) => {
  const toast = useToast()
  const refresh = useRefresh()
  const t = useT()
  const [reason, setReason] = useState("")
  const [missing, setMissing] = useState(false)
  if (request.status !== "open" && request.status !== "accepted") return null
  const member = who(request, t)
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          {t("admin.perks.requests.decline")}{" "}
          <span className="sr-only">{t("admin.perks.requests.whose", { member })}</span>
        </Button>
      }
      title={t("admin.perks.requests.declineTitle", { member })}
      description={t("admin.perks.requests.declineDescription")}
      confirmLabel={t("admin.perks.requests.decline")}
      busyLabel={t("admin.perks.requests.declining")}
      onConfirm={async () => {
        if (!reason.trim()) {
          setMissing(true)
          return false
        }
        await adminApi.declineLineArtRequest(request.id, reason)
        refresh()
        toast({
          title: t("admin.perks.requests.declined"),
          description: t("admin.perks.requests.declinedMailed", { member }),
        })
      }}
    >
      <Field
        label={t("admin.perks.requests.reason")}
        error={missing ? t("admin.perks.requests.reasonMissing") : undefined}
      >
        <TextArea
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  )
}

const Fulfil = ({ request }: { readonly request: Request }) => {
  const toast = useToast()
  const refresh = useRefresh()
  const t = useT()
  const [contestId, setContestId] = useState("")
  const [missing, setMissing] = useState(false)
  const [opened, setOpened] = useState(false)
  const scheduled = useQuery({
    queryKey: ["admin", "contests", "scheduled"],
    queryFn: () => adminApi.contests({ status: "scheduled", limit: 50 }),
    enabled: opened,
  })
  if (request.status !== "open" && request.status !== "accepted") return null
  const contests = scheduled.data?.items ?? []
  const member = who(request, t)
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm">
          {t("admin.perks.requests.fulfil")}{" "}
          <span className="sr-only">{t("admin.perks.requests.whose", { member })}</span>
        </Button>
      }
      title={t("admin.perks.requests.fulfilTitle", { member })}
      description={t("admin.perks.requests.fulfilDescription")}
      confirmLabel={t("admin.perks.requests.fulfil")}
      busyLabel={t("admin.perks.requests.saving")}
      variant="primary"
      onOpenChange={setOpened}
      onConfirm={async () => {
        if (!contestId) {
          setMissing(true)
          return false
        }
        await adminApi.fulfilLineArtRequest(request.id, contestId)
        refresh()
        toast({
          title: t("admin.perks.requests.fulfilled"),
          description: t("admin.perks.requests.fulfilledMailed", { member }),
        })
      }}
    >
      <Field
        label={t("admin.perks.requests.contest")}
        error={missing ? t("admin.perks.requests.contestMissing") : undefined}
        hint={scheduled.isPending ? t("admin.perks.requests.contestsLoading") : undefined}
      >
        <SelectInput value={contestId} onChange={(event) => setContestId(event.target.value)}>
          <option value="">{t("admin.perks.requests.chooseContest")}</option>
          {contests.map((contest) => (
            <option key={contest.id} value={contest.id}>
              {t("admin.perks.requests.contestOption", {
                title: contest.title,
                start: contest.startDate,
              })}
            </option>
          ))}
        </SelectInput>
      </Field>
    </ConfirmDialog>
  )
}

/**
 * Custom line art requests (Color Champ, issue 19): the queue, oldest first, with accept, decline
 * with a reason, and fulfil with the contest scheduled with the page; each step mails the member.
 */
const LineArtRequestsPage = () => {
  const t = useT()
  const [include, setInclude] = useState<Include>("waiting")
  const requests = useQuery({
    queryKey: requestsKey(include),
    queryFn: () => adminApi.lineArtRequests(include),
  })
  return (
    <div>
      <PageHeader
        title={t("admin.perks.requests.title")}
        description={t("admin.perks.requests.description")}
        actions={
          <SelectInput
            aria-label={t("admin.perks.requests.show")}
            value={include}
            onChange={(event) => setInclude(event.target.value as Include)}
            className="w-auto"
          >
            <option value="waiting">{t("admin.perks.requests.waiting")}</option>
            <option value="all">{t("admin.perks.requests.all")}</option>
          </SelectInput>
        }
      />
      <Loadable
        query={requests}
        loading={t("admin.perks.requests.loading")}
        failure={t("admin.perks.requests.failed")}
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title={t("admin.perks.requests.none")}>
              {t("admin.perks.requests.noneBody")}
            </EmptyState>
          ) : (
            <TableBox label={t("admin.perks.requests.title")} cards>
              <thead>
                <Tr>
                  <Th>{t("admin.perks.requests.column.filed")}</Th>
                  <Th>{t("admin.perks.requests.column.member")}</Th>
                  <Th>{t("admin.perks.requests.column.brief")}</Th>
                  <Th>{t("admin.perks.requests.column.status")}</Th>
                  <Th>
                    <span className="sr-only">{t("admin.perks.requests.column.actions")}</span>
                  </Th>
                </Tr>
              </thead>
              <tbody>
                {all.map((request) => (
                  <Tr key={request.id}>
                    <Td label={t("admin.perks.requests.column.filed")}>
                      {shortDate(request.createdAt)}
                    </Td>
                    <Td label={t("admin.perks.requests.column.member")}>
                      {who(request, t)}
                      {request.member && (
                        <span className="block text-xs text-slate-600">{request.member.email}</span>
                      )}
                    </Td>
                    <Td label={t("admin.perks.requests.column.brief")}>
                      <p className="max-w-md break-words whitespace-pre-line">{request.brief}</p>
                      {request.reference && (
                        <a
                          href={request.reference}
                          className="text-sm underline"
                          target="_blank"
                          rel="noreferrer"
                        >
                          {t("admin.perks.requests.reference")}
                        </a>
                      )}
                      {request.declineReason && (
                        <p className="text-sm text-slate-600">
                          {t("admin.perks.requests.declineReason", {
                            reason: request.declineReason,
                          })}
                        </p>
                      )}
                    </Td>
                    <Td label={t("admin.perks.requests.column.status")}>
                      <Chip tone={STATUS[request.status].tone}>
                        {t(STATUS[request.status].label)}
                      </Chip>
                    </Td>
                    <Td>
                      <div className="flex flex-wrap gap-2">
                        <Accept request={request} />
                        <Fulfil request={request} />
                        <Decline request={request} />
                      </div>
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </TableBox>
          )
        }
      </Loadable>
    </div>
  )
}

export default LineArtRequestsPage
