// Types of plain-test-urls.js (plain JavaScript: it runs before the suites' TypeScript is loaded).
export function plainTestUrl(url: string): string

export function registerPlainTestUrls(): boolean
