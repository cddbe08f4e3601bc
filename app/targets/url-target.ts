import type { RunningTarget, TargetProvider } from './types.ts'

/**
 * An external catalog the harness does not manage: nothing to start, and stop is a no-op.
 * The URL is the catalog's base, without `/v1` (a trailing slash is dropped).
 */
export function urlTarget(url: string, options: { warehouse?: string } = {}): TargetProvider {
  const base = new URL(url).toString().replace(/\/+$/, '')
  return {
    kind: 'url',
    async start() {
      const running: RunningTarget = {
        url: base,
        ...(options.warehouse === undefined ? {} : { warehouse: options.warehouse }),
        stop: async () => {},
      }
      return running
    },
  }
}
