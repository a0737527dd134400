/**
 * Allure 3's resolutions from known-failures.json (allurerc.mts): each unexpired entry becomes an
 * "issue" rule, so Allure groups the accepted failures under their tracker link and writes them to
 * known-issues.json; an expired entry shows as the plain failure it is again.
 */
import { createHash } from 'node:crypto';
import type { AllureConfig } from 'allure';
import { isExpired, type KnownFailure } from '../gate/known-failures.js';

type Resolutions = NonNullable<AllureConfig['resolutions']>;

/**
 * The test case id allure-playwright gives a test: md5 of "package:file#describe… title"
 * (allure-playwright's testCaseIdBase); our key is "project › file › describe… › title".
 */
export function allureTestCaseId(key: string, packageName: string): string {
  const [, file, ...titles] = key.split(' › ');
  const title = titles.pop() ?? '';
  const base = `${packageName}:${file}#${titles.map((t) => `${t} `).join('')}${title}`;
  return createHash('md5').update(base).digest('hex');
}

export function allureResolutions(known: KnownFailure[], today: string, packageName: string): Resolutions {
  const live = known.filter((e) => !isExpired(e, today));
  const resolutions: Resolutions = { links: {}, rules: [] };
  live.forEach((entry, i) => {
    const subject = entry.rule ?? entry.test!;
    const tracker = entry.tracker.replace(/#.*$/, '').replaceAll('%s', '%25s');
    const ticket = tracker.replace(/\/+$/, '').split('/').pop();
    // One link type per entry: an issue id must be unique, and the subject is; the tracker link is kept whole.
    const type = `known-${i + 1}`;
    resolutions.links![type] = { urlTemplate: `${tracker}#%s`, nameTemplate: `${ticket} %s` };
    resolutions.rules.push({
      resolution: 'issue',
      issue: { id: subject, type },
      comment: `${entry.reason} (accepted until ${entry.expires})`,
      ...(entry.rule
        ? { messageRegexp: `\\[${entry.rule}\\]` }
        : { testCaseId: [allureTestCaseId(entry.test!, packageName)] }),
    });
  });
  return resolutions;
}
