/**
 * Prints docs/errors.md from the code registry: `node --import tsx src/http/render-error-docs.ts > docs/errors.md`.
 */
import { ERROR_CODES } from './error-codes.ts';

const lines = [
  '# Error codes',
  '',
  'Every error response is JSON `{"error": "<message>", "code": "<code>"}` (spec section 7), sometimes with extra',
  'fields that help (for example `invalid` for bad wallet addresses, `problems` for schema errors, ' +
    '`retryAfterSeconds`).',
  'Messages may change; codes are stable. 429 responses carry `Retry-After`. No response ever carries a stack trace.',
  '',
  '| code | status | meaning |',
  '|---|---|---|',
  ...Object.entries(ERROR_CODES).map(
    ([code, info]) => `| \`${code}\` | ${info.status} | ${info.description.replace(/\|/g, '\\|')} |`,
  ),
  '',
];
process.stdout.write(lines.join('\n'));
