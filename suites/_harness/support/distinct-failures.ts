/**
 * How many distinct failures a robustness property reports (support/property.ts's `distinct` option), apart from
 * property.ts so that the CLI's options and the run's preparation read them without loading fast-check (~40 ms at
 * every start of the CLI).
 */

/** The cap of distinct failures the robustness properties collect. */
export const DISTINCT_FAILURES = 5

/**
 * The cap of the generated request bodies (suites/robustness/generated-inputs.test.ts): twice the others', since every
 * run tries one input of each of eight kinds first (no body, `{`, an empty name, an empty level, a NUL, a whole-number
 * float, past 2^31, past 2^63) and each may meet its own defect. With five, the Java fixture 1.11.0's first five kinds
 * on updateTable hid its 500 to an empty identifier name (issue 38).
 */
export const BODY_DISTINCT_FAILURES = 2 * DISTINCT_FAILURES

/** The run's cap by default (`--distinct-failures`): the largest a property asks for, so that none is cut. */
export const RUN_DISTINCT_FAILURES = BODY_DISTINCT_FAILURES
