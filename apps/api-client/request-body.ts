import type { paths } from "./schema.ts"

/** An object type without its index signature: the fields a request names, not "any other key". */
type Known<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K]
}

/**
 * The JSON body a route takes, as the server's request Schema declares it (the generated document
 * keeps request bodies open to unknown keys; a form sends the named ones).
 */
export type RequestBody<
  Path extends keyof paths,
  Method extends "post" | "put" | "patch",
> = paths[Path][Method] extends {
  readonly requestBody: { readonly content: { readonly "application/json": infer Body } }
}
  ? Known<Body>
  : never
