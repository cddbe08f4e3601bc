// Types of v8-tiering.js (plain JavaScript: the bin runs before any TypeScript loader).
export function interruptBudgetFor(version: string): number | undefined
