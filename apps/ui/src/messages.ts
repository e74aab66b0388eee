/** What a failure says, in words meant for people. */

export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback

/** The API's `issues` ([{ field, message }]) of a refused request, when it carries them. */
export const issuesOf = (
  error: unknown,
): ReadonlyArray<{ readonly field: string; readonly message: string }> => {
  const issues = (error as { body?: { issues?: unknown } } | null)?.body?.issues
  if (!Array.isArray(issues)) return []
  return (issues as ReadonlyArray<{ field?: unknown; message?: unknown } | null>).flatMap(
    (issue) =>
      typeof issue?.field === "string" && typeof issue.message === "string"
        ? [{ field: issue.field, message: issue.message }]
        : [],
  )
}

/**
 * The message of a refusal about one form field (the API's `issues`), in the words meant for
 * people: "Your password is incorrect", not the summary's "password: Your password is incorrect".
 * Any other failure: as `messageOf`.
 */
export const fieldMessageOf = (
  error: unknown,
  fields: ReadonlyArray<string>,
  fallback: string,
): string =>
  issuesOf(error).find((issue) => fields.includes(issue.field))?.message ??
  messageOf(error, fallback)
