import { setupServer } from "msw/node"

/** The fake API of the component tests (msw): each test adds the answers it needs. */
export const server = setupServer()
