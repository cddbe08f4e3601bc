import { describe, expect, it } from 'vitest'
import { Pool } from './pool.ts'

const tick = () => new Promise((r) => setImmediate(r))

describe('Pool', () => {
  it('never runs more than its size at once, and runs tasks in submission order', async () => {
    const pool = new Pool(2)
    let active = 0
    let peak = 0
    const started: number[] = []
    const tasks = [0, 1, 2, 3, 4].map((i) =>
      pool.run(async () => {
        started.push(i)
        active++
        peak = Math.max(peak, active)
        await tick()
        await tick()
        active--
        return i * 10
      }),
    )
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40])
    expect(peak).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4])
  })

  it('frees the slot of a task that rejects', async () => {
    const pool = new Pool(1)
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(pool.run(() => Promise.resolve('next'))).resolves.toBe('next')
  })

  it('refuses a size below one', () => {
    expect(() => new Pool(0)).toThrow(/positive integer/)
  })
})
