/**
 * A query value as links write it: encodeURIComponent, but `/` and `:` left as they are, so
 * paths and addresses stay readable in the address bar (as deep-link.ts writes them).
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':');
}
