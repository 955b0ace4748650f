import { CASES_4 } from './screening-cases-4.ts';
import { parseList } from '../src/screening/lists/parse-list.ts';
import { ScreeningKnowledge } from '../src/screening/knowledge.ts';
import { scanScreening } from '../src/screening/scan.ts';
import { readFileSync } from 'node:fs';
// development check of the set-4 requests against the token list only (the bench run uses the real lists)
const tl = parseList('tokenlist', readFileSync('/work/shared/datasets/screening/' + process.argv[2]));
const knowledge = new ScreeningKnowledge([tl]);
for (const c of CASES_4) {
  const r = await scanScreening(c.req, { knowledge });
  const ok = (r.verdict !== 'allow') === (c.expected === 'flag');
  console.log(
    ok ? 'ok ' : 'BAD',
    c.name,
    r.verdict,
    r.findings
      .filter((f) => f.severity !== 'info')
      .map((f) => `${f.kind}:${f.severity}`)
      .join(', '),
  );
}
