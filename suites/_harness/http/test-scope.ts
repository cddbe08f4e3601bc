/**
 * Which test a request belongs to, whatever client sent it (the test's own, the sandbox's quiet one): the DSL runs
 * each test's body inside `testScope.run(testId, …)` and the transport reads it when it logs a request
 * (request-log.ts). Tests of a file may run concurrently, so a module variable could not say it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export const testScope = new AsyncLocalStorage<string>()
