/**
 * The parts of undici the transport uses: the Agent and the request API. Importing `undici` loads all of it
 * (fetch, WebSocket, caches, mocks: ~110 modules), 150–200 ms at the start of every thread that sends requests, the
 * CLI's main thread and each suite worker, before their first request. These files are undici's own, not its
 * public API: package.json pins undici's version, and transport.test.ts fails if they move.
 */
import { createRequire } from 'node:module'
import type { Agent, Dispatcher } from 'undici'

const requireUndici = createRequire(import.meta.url)

/** undici's Agent class. */
export const UndiciAgent = requireUndici('undici/lib/dispatcher/agent.js') as typeof Agent

const requestApi = requireUndici('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  opts: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>
const { parseURL } = requireUndici('undici/lib/core/util.js') as { parseURL: (url: string) => URL }

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>

/** What undici's `request(url, { dispatcher, … })` does for a URL string, with the dispatcher given. */
export function request(
  dispatcher: Dispatcher,
  url: string,
  opts: RequestOptions,
): Promise<Dispatcher.ResponseData> {
  const parsed = parseURL(url)
  return requestApi.call(dispatcher, {
    ...opts,
    origin: parsed.origin,
    path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
  })
}
