import { describe, expect, it } from 'vitest'
import { whileProgressing } from './progress-watch.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('whileProgressing (how long a test may run)', () => {
  it('lets a slow test that keeps making progress run past the stall time, however long in all', async () => {
    let last = performance.now()
    // Twenty requests 25 ms apart: 500 ms in all, past twice the stall time of 200 ms, while no gap between two
    // comes near it (a 50 ms stall failed here on a loaded machine, where a 25 ms timer can fire 50 ms late).
    const slow = (async () => {
      for (let i = 0; i < 20; i++) {
        await sleep(25)
        last = performance.now()
      }
      return 'done'
    })()
    const started = performance.now()
    await expect(whileProgressing(slow, () => last, 200, 5)).resolves.toBe('done')
    expect(performance.now() - started).toBeGreaterThan(400)
  })

  it('ends a test whose file has sent and been answered nothing for the stall time', async () => {
    const last = performance.now()
    const never = new Promise<never>(() => {})
    await expect(whileProgressing(never, () => last, 50, 5)).rejects.toThrow(
      /stopped making progress: no request of its file was sent or answered/,
    )
  })

  it('passes on what the test throws', async () => {
    await expect(
      whileProgressing(Promise.reject(new Error('boom')), () => performance.now(), 50, 5),
    ).rejects.toThrow('boom')
  })
})
