/**
 * How long a test may run: as long as its file's requests make progress. A fixed limit per test (60 s, as it was)
 * stopped correct work on a slow catalog: lakana-server 0.20.0 with `--workers 6` answered the model-based test's
 * requests ~0.2 s apart and the generated-query tests' ~0.75 s apart, and the model-based test ended as an error at
 * 60 s after 269 of its 320 requests. Each request has its own timeout (`--timeout`), so a catalog that stops
 * answering ends a request, never a test; what a limit must still catch is a test that waits on nothing (a promise
 * of the harness that never settles). That test sends nothing, and nothing of its file's transport moves.
 */
import { RETRY_WAIT_CAP_MS } from '../http/transport.ts'

/** How often the watch looks (ms). */
const LOOK_EVERY_MS = 1_000

/**
 * The time after which a file whose transport has neither sent nor been answered counts as stalled: a minute, or
 * more where one request may take longer (two request timeouts and a Retry-After wait, transport.ts).
 */
export function stallAfterMs(requestTimeoutMs: number): number {
  return Math.max(60_000, 2 * requestTimeoutMs + RETRY_WAIT_CAP_MS)
}

/**
 * `work`'s result, or an error once `lastActivity()` (performance.now() of the file's latest request sent or
 * answered) is more than `stallMs` old while `work` is unsettled.
 */
export async function whileProgressing<T>(
  work: Promise<T>,
  lastActivity: () => number,
  stallMs: number,
  lookEveryMs = LOOK_EVERY_MS,
): Promise<T> {
  let timer: ReturnType<typeof setInterval> | undefined
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const idle = performance.now() - lastActivity()
      if (idle > stallMs)
        reject(
          new Error(
            `the test stopped making progress: no request of its file was sent or answered for ${Math.round(idle / 1000)} s`,
          ),
        )
    }, lookEveryMs)
  })
  try {
    return await Promise.race([work, stalled])
  } finally {
    clearInterval(timer)
  }
}
