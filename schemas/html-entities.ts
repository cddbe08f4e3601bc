/**
 * HTML's entities for quotes, brackets and the ampersand, read back into the characters. Servers that write their
 * error text into an HTML or HTML-escaped page (Jetty's JSON error page does: `Unexpected character (&apos;c&apos;`)
 * echo generated values between such entities; both the property runner's failure signatures and the reports' defect
 * shapes read them first, so that an escaped quotation is blanked like a plain one.
 */
const ENTITIES: Record<string, string> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>', '#39': "'" }

export function readEntities(text: string): string {
  return text.replace(/&(quot|apos|amp|lt|gt|#39);/g, (_, n: string) => ENTITIES[n] ?? '')
}
