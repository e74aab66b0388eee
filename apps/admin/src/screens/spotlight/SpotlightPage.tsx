import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card, Chip, type ChipTone } from "../../../../ui/src/card.tsx"
import { FormAlert, problemOf, TextField } from "../../../../ui/src/form.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Spotlight } from "../../api/admin-types.ts"
import { dateTime } from "../../ui/dates.ts"

const SPOTLIGHTS_KEY = ["admin", "spotlights"] as const

const STATUS: { readonly [S in Spotlight["status"]]: { label: string; tone: ChipTone } } = {
  upcoming: { label: "Upcoming", tone: "sky" },
  active: { label: "Showing", tone: "green" },
  ended: { label: "Ended", tone: "slate" },
}

/** The entry id in what the admin pasted: an entry's address (…/entries/ID) or the id itself. */
export const entryIdOf = (text: string): string => {
  const trimmed = text.trim()
  const fromPath = /\/entries\/([^/?#\s]+)/.exec(trimmed)?.[1]
  return fromPath ? decodeURIComponent(fromPath) : trimmed
}

/** A datetime-local value ("2026-11-27T18:00", the admin's time) as ISO 8601, "" when empty. */
const isoOf = (local: string): string => (local ? new Date(local).toISOString() : "")

const FIELDS = ["entryId", "startsAt", "endsAt"] as const

const AddSpotlight = () => {
  const client = useQueryClient()
  const toast = useToast()
  const [entry, setEntry] = useState("")
  const [startsAt, setStartsAt] = useState("")
  const [endsAt, setEndsAt] = useState("")
  const [missing, setMissing] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({})
  const add = useMutation({
    mutationFn: () => adminApi.featureEntry(entryIdOf(entry), isoOf(startsAt), isoOf(endsAt)),
    onSuccess: async (spotlight) => {
      setEntry("")
      setStartsAt("")
      setEndsAt("")
      toast({
        title: "Entry featured",
        description: `${spotlight.entry.username}'s entry is in the Spotlight from ${dateTime(spotlight.startsAt)}.`,
      })
      await client.invalidateQueries({ queryKey: SPOTLIGHTS_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const blank = {
      ...(entryIdOf(entry) ? {} : { entryId: "Paste the entry's address or its id" }),
      ...(startsAt ? {} : { startsAt: "Choose when it starts showing" }),
      ...(endsAt ? {} : { endsAt: "Choose when it stops showing" }),
    }
    setMissing(blank)
    if (Object.keys(blank).length === 0) add.mutate()
  }
  const problem = add.isError
    ? problemOf(add.error, FIELDS, "The entry could not be featured.")
    : null
  const errorOf = (field: (typeof FIELDS)[number]) => missing[field] ?? problem?.fields[field]
  return (
    <Card title="Feature an entry">
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Entry"
          hint="The entry's page address (…/entries/…) or its id. Color Pro and Color Champ members' entries only."
          className="md:col-span-3"
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          error={errorOf("entryId")}
        />
        <TextField
          label="Starts"
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errorOf("startsAt")}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          hint="At most 90 days after the start."
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errorOf("endsAt")}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Featuring…" : "Feature entry"}
          </Button>
        </div>
        {problem && Object.keys(problem.fields).length === 0 && (
          <div className="md:col-span-3">
            <FormAlert message={problem.message} />
          </div>
        )}
      </form>
    </Card>
  )
}

const RemoveSpotlight = ({ spotlight }: { readonly spotlight: Spotlight }) => {
  const client = useQueryClient()
  const toast = useToast()
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          Remove <span className="sr-only">{`${spotlight.entry.username}'s entry`}</span>
        </Button>
      }
      title={`Take ${spotlight.entry.username}'s entry out of the Spotlight?`}
      description="It leaves the home page's Spotlight row at once. This is recorded in the audit log."
      confirmLabel="Remove"
      busyLabel="Removing…"
      onConfirm={async () => {
        await adminApi.removeSpotlight(spotlight.id)
        await client.invalidateQueries({ queryKey: SPOTLIGHTS_KEY })
        toast({ title: "Removed from the Spotlight", description: spotlight.entry.username })
      }}
    />
  )
}

/** The home page's Spotlight: feature Pro and Champ entries for a while, and take them out. */
const SpotlightPage = () => {
  const spotlights = useQuery({ queryKey: SPOTLIGHTS_KEY, queryFn: adminApi.spotlights })
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Spotlight"
        description="Entries shown in the Spotlight row of the home page between their start and end. Only Color Pro and Color Champ members' entries, checked when you feature one; hidden or disqualified entries never show."
      />
      <AddSpotlight />
      <Loadable
        query={spotlights}
        loading="Loading the Spotlight…"
        failure="The Spotlight did not load"
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title="Nothing featured">
              Feature an entry above: it shows on the home page from its start.
            </EmptyState>
          ) : (
            <TableBox label="Spotlight" cards>
              <thead>
                <Tr>
                  <Th>Entry</Th>
                  <Th>Starts</Th>
                  <Th>Ends</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </Tr>
              </thead>
              <tbody>
                {all.map((spotlight) => (
                  <Tr key={spotlight.id}>
                    <Td label="Entry">
                      <a
                        href={`/entries/${spotlight.entry.id}`}
                        className="font-medium text-slate-900 underline"
                      >
                        {spotlight.entry.username}'s entry
                      </a>
                    </Td>
                    <Td label="Starts">{dateTime(spotlight.startsAt)}</Td>
                    <Td label="Ends">{dateTime(spotlight.endsAt)}</Td>
                    <Td label="Status">
                      <Chip tone={STATUS[spotlight.status].tone}>
                        {STATUS[spotlight.status].label}
                      </Chip>
                    </Td>
                    <Td>
                      <RemoveSpotlight spotlight={spotlight} />
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

export default SpotlightPage
