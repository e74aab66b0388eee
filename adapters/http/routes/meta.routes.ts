import { Effect, Option, Schema } from "effect"
import { SupportAddress } from "../../../domain/contact/contact.port.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { HttpRefusal } from "../http-errors.ts"
import { openApiDocument } from "../openapi.ts"
import { type AnyRoute, ok, type Reply, route } from "../route.ts"
import { SiteConfigBody } from "../account.schema.ts"

/** The OpenAPI document (of every other route) and stored images. */
/** `routes` is read when the document is asked for, so it can list these routes too. */
export const metaRoutes = (routes: () => ReadonlyArray<AnyRoute>) => [
  route({
    method: "GET",
    path: "/api/openapi.json",
    tag: "meta",
    summary: "This API's OpenAPI 3.1 document",
    access: "public",
    etag: "public",
    handler: () => Effect.sync(() => ok(openApiDocument(routes()))),
  }),
  route({
    method: "GET",
    path: "/api/health",
    tag: "meta",
    summary: "Answers 200 while the server runs (also the benchmark's no-op ceiling)",
    access: "public",
    handler: () => Effect.succeed(ok({ ok: true })),
  }),
  route({
    method: "GET",
    path: "/api/config",
    tag: "meta",
    summary: "What the site shows of the server's configuration: {supportEmail}",
    access: "public",
    okBody: SiteConfigBody,
    handler: () =>
      Effect.gen(function* () {
        const support = yield* SupportAddress
        return ok({ supportEmail: support.email })
      }),
  }),
  route({
    method: "GET",
    path: "/images/:kind/:file",
    tag: "meta",
    summary:
      "A stored image (entry photo, line art or avatar), cached for a year: names never change. An entry photo's <id>.share.jpg is its share image (a JPEG for link previews), made from its display rendition the first time it is asked for. With IMAGE_PUBLIC_URL (images in a bucket behind a CDN), a 302 to the file there",
    access: "public",
    params: Schema.Struct({
      kind: Schema.Literals(["entry", "line-art", "avatar"]),
      file: Schema.String.check(
        Schema.isPattern(/^[0-9a-f-]{36}(\.thumb|\.share)?\.(jpg|png|webp|avif)$/),
      ),
    }),
    responses: { 302: "Served from IMAGE_PUBLIC_URL (a CDN)", 404: "No such image" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const images = yield* ImageStore
        const key = `${params.kind}/${params.file}`
        const elsewhere = images.publicUrlOf(key)
        if (Option.isSome(elsewhere)) {
          // A share image is made on first request: it must exist before the CDN is asked.
          if (params.kind === "entry" && params.file.endsWith(".share.jpg")) {
            yield* images.shareImage(key)
          }
          const redirect: Reply = {
            status: 302,
            headers: {
              Location: elsewhere.value,
              // A day, not a year: the operator may move the files to another address.
              "Cache-Control": "public, max-age=86400",
            },
          }
          return redirect
        }
        let image = yield* images.read(key)
        if (Option.isNone(image) && params.kind === "entry" && params.file.endsWith(".share.jpg")) {
          // Not asked for before: made now from the photo's display rendition, and kept.
          const share = yield* images.shareImage(key)
          if (Option.isSome(share)) image = yield* images.read(share.value.key)
        }
        if (Option.isNone(image)) {
          return yield* Effect.die(new HttpRefusal(404, "NOT_FOUND", "No such image"))
        }
        return {
          status: 200,
          body: Buffer.from(image.value.bytes),
          headers: {
            "Content-Type": image.value.contentType,
            "Cache-Control": "public, max-age=31536000, immutable",
          },
        }
      }),
  }),
]
