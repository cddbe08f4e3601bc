import { describe, expect, it } from 'vitest'
import { LineTail } from './line-tail.ts'

describe('LineTail', () => {
  it('keeps the last lines across chunk boundaries, with an unterminated last line', () => {
    const tail = new LineTail(3)
    tail.push('one\ntw')
    tail.push('o\r\nthree\nfour\nfi')
    expect(tail.lines()).toEqual(['three', 'four', 'fi'])
    tail.push('ve\n')
    expect(tail.lines()).toEqual(['three', 'four', 'five'])
  })
})
