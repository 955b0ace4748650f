/** Content-derived list versions, for files that carry no version of their own. */
import { createHash } from 'node:crypto';

/** `sha256:` + the first 16 hex digits of the SHA-256 of the raw file bytes: same bytes, same version. */
export function contentVersion(content: string | Buffer): string {
  return 'sha256:' + createHash('sha256').update(content).digest('hex').slice(0, 16);
}
