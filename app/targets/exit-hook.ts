import type { ChildProcess } from 'node:child_process'

/**
 * Children still running when the harness exits are killed, so a crashed or interrupted run never
 * leaves a Java fixture holding a port. 'exit' handlers must be synchronous: SIGKILL is the only
 * signal worth sending there. (A Ctrl+C in a terminal reaches the children directly: they share the
 * harness's process group, since they are not spawned detached.)
 */
const live = new Set<ChildProcess>()
let installed = false

function killAll(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  live.clear()
}

/** Registers a child to kill on harness exit; returns the function that unregisters it. */
export function killOnExit(child: ChildProcess): () => void {
  if (!installed) {
    process.once('exit', killAll)
    installed = true
  }
  live.add(child)
  return () => {
    live.delete(child)
  }
}
