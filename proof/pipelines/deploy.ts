/**
 * The deployment check (.github/workflows/deploy-check.yml) as written, run by the local workflow
 * runner against the stand-in test environment (npm run sandbox in its own process): a nightly
 * makes the baseline; the stand-in is then deployed with a regression (a sandbox fault the
 * baseline did not have) and the service's pipeline asks for a check with a repository dispatch
 * ("deployed", its version, commit, repository and reason): the job fails naming the rule, its
 * summary holds the regression with its replay, and the commit status reaches a loopback stand-in
 * of GitHub's status API (pending, then failure, on that repository and commit, linking the run).
 * Then the failure is accepted in known-failures.json (a commit) and a manual dispatch of the
 * same deployment passes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  FIRST_NIGHT,
  PLANTED_FAULT,
  PLANTED_RULE,
  SHORT_VARS,
  STAND_IN_LATENCY,
  STAND_IN_VARIANTS,
} from '../nights/plan.js';
import { type StandIn, standInSettings, startStandIn } from '../nights/stand-in.js';
import { ThrowawayRepository } from '../nights/throwaway.js';
import { type RunSummary, runWorkflow } from '../workflow/runner.js';
import type { RepositorySettings } from '../workflow/vars.js';
import { type ProofOptions, type ProofResult, since, startProof } from './proof.js';
import { startStatusApi } from './status-api.js';

export const SERVICE = {
  repository: 'fleet/card-service',
  commit: '3f1c2ab9d4e5f60718293a4b5c6d7e8f90a1b2c3',
  version: '4.2.1',
  reason: 'release 4.2.1 deployed to test',
};
const STATUS_TOKEN = 'ghs_serviceStatusToken0123456789abcdef';

function stepLog(summary: RunSummary, job: string, step: RegExp): string {
  const s = summary.jobs.find((j) => j.id === job)?.steps.find((x) => step.test(x.name));
  return s?.log && existsSync(s.log) ? readFileSync(s.log, 'utf8') : '';
}

const summaryOf = (summary: RunSummary, job: string) => {
  const file = summary.jobs.find((j) => j.id === job)?.summary;
  return file ? readFileSync(file, 'utf8') : '';
};

export async function proveDeployCheck(o: ProofOptions): Promise<ProofResult> {
  const { started, checks, work } = startProof(o);
  const repository = ThrowawayRepository.clone(resolve(o.repo), join(work, 'repository'));
  const actions = join(work, 'actions');
  const api = await startStatusApi();
  let standIn: StandIn | undefined;
  const settingsFor = (s: StandIn): RepositorySettings => {
    const settings = standInSettings(s.baseUrl, SHORT_VARS);
    return {
      vars: { ...settings.vars, PAGES_PUBLISH: 'on' },
      secrets: { ...settings.secrets, SERVICE_STATUS_TOKEN: STATUS_TOKEN },
    };
  };
  const serve = async (faults: string[]) => {
    await standIn?.stop();
    standIn = await startStandIn({
      latency: STAND_IN_LATENCY,
      variants: STAND_IN_VARIANTS,
      faults,
      cwd: resolve(o.repo),
    });
    o.progress(`the stand-in: ${standIn.banner}`);
    return standIn;
  };
  const run = (workflow: string, s: StandIn, event?: Parameters<typeof runWorkflow>[0]['event']) =>
    runWorkflow({
      workflow,
      repo: repository.dir,
      workDir: actions,
      settings: settingsFor(s),
      progress: o.progress,
      apiUrl: api.url,
      ...(event ? { event } : {}),
    });
  const files: Record<string, string> = {};
  try {
    const night = await run('nightly', await serve([]), FIRST_NIGHT);
    checks.check(
      "a clean first night, run by hand with first_night, makes the baseline (nightly, the gate's --init)",
      night.conclusion === 'success',
      night.conclusion
    );

    const faulty = await serve([PLANTED_FAULT]);
    const failed = await run('deploy-check', faulty, {
      name: 'repository_dispatch',
      type: 'deployed',
      clientPayload: SERVICE,
    });
    const check = failed.jobs.find((j) => j.id === 'check');
    checks.check(
      `deployed with a regression (${PLANTED_FAULT}): the deployment check fails`,
      failed.conclusion === 'failure' && check?.conclusion === 'failure',
      `${failed.conclusion}, check ${check?.conclusion}`
    );
    const gateLog = stepLog(failed, 'check', /^Regression gate/);
    const verdict = gateLog.split('\n').find((l) => l.startsWith('gate: FAIL')) ?? '';
    checks.check(
      `the gate names the rule alone: new failure ${PLANTED_RULE}`,
      verdict.startsWith(`gate: FAIL — 1 regression: new failure ${PLANTED_RULE} `),
      verdict || gateLog.slice(-800)
    );
    const text = summaryOf(failed, 'check');
    files['the job summary of the failed deployment'] = check?.summary ?? '';
    checks.check(
      'the job summary gives the verdict and its exit code',
      text.startsWith('## ❌ fleet-conformance deployment check: FAIL (exit 1)'),
      text.slice(0, 300)
    );
    const regression =
      /### Regressions \(1\)\n\n- \*\*new failure\*\* `CARD-SHAPE` [^\n]*\n {2}```sh\n {2}curl -sS -X \S+ '[^']+'/.exec(
        text
      );
    checks.check('the summary holds the regression with its replay', !!regression, text);
    checks.check(
      'the summary says what was deployed and why',
      text.includes(`- service version: ${SERVICE.version}`) && text.includes(`- reason: ${SERVICE.reason}`),
      text.slice(0, 600)
    );
    checks.check(
      'the summary holds no secret',
      ![STATUS_TOKEN, ...Object.values(settingsFor(faulty).secrets)].some((v) => text.includes(v))
    );
    const target = `https://github.com/local/repository/actions/runs/${failed.runId}`;
    const calls = api.calls.splice(0);
    checks.check(
      'the commit status API was called twice: pending, then failure',
      calls.map((c) => c.body.state).join(',') === 'pending,failure',
      JSON.stringify(calls.map((c) => c.body))
    );
    checks.check(
      `each call names the service's repository and commit, links the run, with the token`,
      calls.length === 2 &&
        calls.every(
          (c) =>
            c.repository === SERVICE.repository &&
            c.commit === SERVICE.commit &&
            c.body.target_url === target &&
            c.authorization === `Bearer ${STATUS_TOKEN}`
        ),
      JSON.stringify(calls.map(({ repository: r, commit, body }) => ({ r, commit, url: body.target_url })))
    );
    checks.check(
      "the failure's one-line reason names the rule",
      (calls[1]?.body.description ?? '').includes(`new failure ${PLANTED_RULE}`) &&
        (calls[1]?.body.description ?? '').length <= 140,
      calls[1]?.body.description
    );
    checks.check(
      `its reports are published beside the nights: deploy/${failed.runId}/`,
      existsSync(join(actions, 'pages', 'site', 'deploy', String(failed.runId), 'coverage.html'))
    );

    repository.commit(
      {
        'known-failures.json': `${JSON.stringify({ knownFailures: [{ rule: PLANTED_RULE, reason: 'card status sent as its name since release 4.2.1', tracker: 'https://tracker.example.com/browse/FLEET-42', expires: '2999-12-31' }] }, null, 2)}\n`,
      },
      `${PLANTED_RULE} accepted until 2999-12-31`
    );
    const accepted = await run('deploy-check', faulty, { name: 'workflow_dispatch', inputs: SERVICE });
    checks.check(
      `the same deployment with ${PLANTED_RULE} in known-failures.json: the check passes`,
      accepted.conclusion === 'success',
      `${accepted.conclusion}: ${stepLog(accepted, 'check', /^Regression gate/)
        .split('\n')
        .filter((l) => l.startsWith('gate: '))
        .join(' | ')}`
    );
    const passed = summaryOf(accepted, 'check');
    files['the job summary of the accepted deployment'] = accepted.jobs.find((j) => j.id === 'check')?.summary ?? '';
    checks.check(
      'its summary says PASS, with the failure known',
      passed.startsWith('## ✅ fleet-conformance deployment check: PASS (exit 0)') && passed.includes('1 known'),
      passed.slice(0, 400)
    );
    checks.check(
      'its commit status: pending, then success',
      api.calls.map((c) => c.body.state).join(',') === 'pending,success',
      JSON.stringify(api.calls.map((c) => c.body))
    );
  } finally {
    await standIn?.stop();
    await api.close();
  }
  return { name: 'deployment check', seconds: since(started), checks: checks.list, files };
}
