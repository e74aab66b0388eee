import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Chip, type ChipTone } from "../../../../ui/src/card.tsx"
import { Field, SelectInput, TextArea } from "../../../../ui/src/form.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"

type Request = Awaited<ReturnType<typeof adminApi.lineArtRequests>>[number]
type Include = "waiting" | "all"

const requestsKey = (include: Include) => ["admin", "line-art-requests", include] as const

const STATUS: { readonly [S in Request["status"]]: { label: string; tone: ChipTone } } = {
  open: { label: "Open", tone: "amber" },
  accepted: { label: "Accepted", tone: "sky" },
  declined: { label: "Declined", tone: "red" },
  fulfilled: { label: "Fulfilled", tone: "green" },
}

const who = (request: Request) => request.member?.username ?? "a deleted account"

const useRefresh = () => {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: ["admin", "line-art-requests"] })
}

const Accept = ({ request }: { readonly request: Request }) => {
  const toast = useToast()
  const refresh = useRefresh()
  if (request.status !== "open") return null
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          Accept <span className="sr-only">{`(${who(request)})`}</span>
        </Button>
      }
      title={`Accept ${who(request)}'s request?`}
      description="The member is mailed that their page is being made. Fulfil it once a contest is scheduled with the page."
      confirmLabel="Accept"
      busyLabel="Accepting…"
      variant="primary"
      onConfirm={async () => {
        await adminApi.acceptLineArtRequest(request.id)
        refresh()
        toast({ title: "Request accepted", description: `${who(request)} was mailed.` })
      }}
    />
  )
}

const Decline = ({ request }: { readonly request: Request }) => {
  const toast = useToast()
  const refresh = useRefresh()
  const [reason, setReason] = useState("")
  const [missing, setMissing] = useState(false)
  if (request.status !== "open" && request.status !== "accepted") return null
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          Decline <span className="sr-only">{`(${who(request)})`}</span>
        </Button>
      }
      title={`Decline ${who(request)}'s request?`}
      description="The member is mailed the reason and may file a new request."
      confirmLabel="Decline"
      busyLabel="Declining…"
      onConfirm={async () => {
        if (!reason.trim()) {
          setMissing(true)
          return false
        }
        await adminApi.declineLineArtRequest(request.id, reason)
        refresh()
        toast({ title: "Request declined", description: `${who(request)} was mailed the reason.` })
      }}
    >
      <Field label="Reason" error={missing ? "Say why: the member is mailed it" : undefined}>
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
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm">
          Fulfil <span className="sr-only">{`(${who(request)})`}</span>
        </Button>
      }
      title={`Fulfil ${who(request)}'s request`}
      description="Schedule a contest with the page first (Contests or Calendar), then choose it here. The member is mailed the contest."
      confirmLabel="Fulfil"
      busyLabel="Saving…"
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
          title: "Request fulfilled",
          description: `${who(request)} was mailed the contest.`,
        })
      }}
    >
      <Field
        label="Contest with the page"
        error={missing ? "Choose the contest scheduled with this page" : undefined}
        hint={scheduled.isPending ? "Loading the scheduled contests…" : undefined}
      >
        <SelectInput value={contestId} onChange={(event) => setContestId(event.target.value)}>
          <option value="">Choose a scheduled contest</option>
          {contests.map((contest) => (
            <option key={contest.id} value={contest.id}>
              {contest.title} ({contest.startDate})
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
  const [include, setInclude] = useState<Include>("waiting")
  const requests = useQuery({
    queryKey: requestsKey(include),
    queryFn: () => adminApi.lineArtRequests(include),
  })
  return (
    <div>
      <PageHeader
        title="Line art requests"
        description="Color Champ members ask for a page of their own from their profile, one at a time."
        actions={
          <SelectInput
            aria-label="Show"
            value={include}
            onChange={(event) => setInclude(event.target.value as Include)}
            className="w-auto"
          >
            <option value="waiting">Waiting (open and accepted)</option>
            <option value="all">All requests</option>
          </SelectInput>
        }
      />
      <Loadable
        query={requests}
        loading="Loading the requests…"
        failure="The requests did not load"
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title="No requests waiting">
              New requests from Color Champ members show here.
            </EmptyState>
          ) : (
            <TableBox label="Line art requests" cards>
              <thead>
                <Tr>
                  <Th>Filed</Th>
                  <Th>Member</Th>
                  <Th>Brief</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </Tr>
              </thead>
              <tbody>
                {all.map((request) => (
                  <Tr key={request.id}>
                    <Td label="Filed">{new Date(request.createdAt).toLocaleDateString("en-US")}</Td>
                    <Td label="Member">
                      {who(request)}
                      {request.member && (
                        <span className="block text-xs text-slate-600">{request.member.email}</span>
                      )}
                    </Td>
                    <Td label="Brief">
                      <p className="max-w-md break-words whitespace-pre-line">{request.brief}</p>
                      {request.reference && (
                        <a
                          href={request.reference}
                          className="text-sm underline"
                          target="_blank"
                          rel="noreferrer"
                        >
                          Reference picture
                        </a>
                      )}
                      {request.declineReason && (
                        <p className="text-sm text-slate-600">Reason: {request.declineReason}</p>
                      )}
                    </Td>
                    <Td label="Status">
                      <Chip tone={STATUS[request.status].tone}>{STATUS[request.status].label}</Chip>
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
