/**
 * Linux /proc readings for the benchmarks: the summed RSS of a process tree (sampled, so a peak is the
 * largest sum seen), and the CPU time of reaped children (cutime + cstime of this process). Outside Linux
 * every reading is undefined and the benchmarks report it as not measured.
 */
import { readFileSync, readdirSync } from 'node:fs'

const PAGE = 4096
const TICKS = 100

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may contain spaces: split after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

/** `pid` and every descendant living now. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue
    const f = statFields(Number(e))
    if (!f) continue
    const ppid = Number(f[1])
    children.set(ppid, [...(children.get(ppid) ?? []), Number(e)])
  }
  const out: number[] = []
  const todo = [pid]
  while (todo.length > 0) {
    const p = todo.pop()!
    out.push(p)
    todo.push(...(children.get(p) ?? []))
  }
  return out
}

/** Resident set size of one process in bytes (undefined when it is gone or /proc is absent). */
export function rssOf(pid: number): number | undefined {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1])
    return pages * PAGE
  } catch {
    return undefined
  }
}

/** Peak RSS of one process so far (VmHWM), in bytes. */
export function peakRssOf(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

/** Samples the summed RSS of a process tree every `everyMs` until stopped; `peak` is the largest sum seen. */
export function sampleTreeRss(pid: number, everyMs = 100): { stop(): number | undefined } {
  let peak: number | undefined
  const tick = () => {
    const sum = processTree(pid).reduce((s, p) => s + (rssOf(p) ?? 0), 0)
    if (sum > 0) peak = Math.max(peak ?? 0, sum)
  }
  tick()
  const timer = setInterval(tick, everyMs)
  return {
    stop() {
      clearInterval(timer)
      return peak
    },
  }
}

/** CPU seconds (user, system) of this process's reaped descendants; compare before and after a child. */
export function childrenCpu(): { user: number; system: number } | undefined {
  const f = statFields(process.pid)
  if (!f) return undefined
  // Fields 16 and 17 of /proc/<pid>/stat (cutime, cstime), counted from 1 with pid and comm: index 13, 14 here.
  return { user: Number(f[13]) / TICKS, system: Number(f[14]) / TICKS }
}

/** CPU seconds (user + system) that the living processes `pids` have used so far; a gone one counts 0. */
export function liveCpu(pids: readonly number[]): number {
  let ticks = 0
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime): index 11, 12 here.
  for (const pid of pids) {
    const f = statFields(pid)
    if (f) ticks += Number(f[11]) + Number(f[12])
  }
  return ticks / TICKS
}

/**
 * CPU seconds the hypervisor gave to other guests while this machine's CPUs wanted to run (the `steal` column of
 * /proc/stat, all CPUs), since boot; compare before and after. On a shared VM it explains a slow round: a side that
 * lost seconds this way also spends more of its own CPU on the same work (caches and TLBs refilled after each pause).
 */
export function stolenCpu(): number | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    // cpu user nice system idle iowait irq softirq steal …
    const steal = Number(cpu[8])
    return Number.isFinite(steal) ? steal / TICKS : undefined
  } catch {
    return undefined
  }
}
