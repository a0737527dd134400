/**
 * Runs after every other conformance test (the teardown project of playwright.config.ts): the
 * findings of the whole run, shown once. A finding is a rule seen broken where no test names it
 * (lib/ledger.ts); its own tests may have passed on other data, or not run at all. Not a rule of
 * its own: coverage counts each finding under the rule it breaks.
 */
import { expect, test } from '../../fixtures/test.js';
import { ledgerDir, mergeFindings, readLedger } from '../../lib/ledger.js';
import { curlOf, replayHint } from '../../lib/report/replay.js';

test('rules broken where no test names them: the findings of this run @findings', async ({ config }, testInfo) => {
  const findings = mergeFindings(readLedger(ledgerDir(config.reportsDir, config.runId)));
  testInfo.annotations.push({ type: 'findings', description: `${findings.length}` });
  if (findings.length)
    await testInfo.attach('findings.json', {
      body: JSON.stringify(findings, null, 2),
      contentType: 'application/json',
    });
  // Indented: a line that starts with [RULE] reads as a failure of that rule, which would block this test.
  const lines = findings.map((f) =>
    [
      `  ${f.rule}: ${f.operationId} ${f.check} ×${f.count}: ${f.title}`,
      `    first seen in: ${f.seenIn || 'worker set-up (discovery)'}`,
      ...(f.evidence
        ? [
            `    ${f.evidence.request.method} ${f.evidence.request.path} → ${f.evidence.response.status}`,
            `    replay (${replayHint(f.evidence.baseUrl)}):`,
            `    ${curlOf(f.evidence.baseUrl, f.evidence.request)}`,
          ]
        : []),
    ].join('\n')
  );
  expect(findings.length, `${findings.length} rules broken where no test names them:\n\n${lines.join('\n\n')}`).toBe(0);
});
