// The evaluation set's scorer: sends each case to a running service through its HTTP API, as a
// client would, and scores what comes back. Plain JavaScript so that `node test/eval/run-eval.mjs`
// runs it against any server, and eval.e2e-spec.ts against an app it starts itself.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { garblingProblems } from './garbling.mjs';

export const CATEGORIES = ['legal', 'receipts', 'routing', 'planning', 'schedules'];
/**
 * The two sets, in their directories: `development` is tuned on (rules are written from its cases),
 * `heldOut` never is, so its score is the one that says how the model reads wording nobody wrote
 * rules for (README.md).
 */
export const SETS = { development: 'development', heldOut: 'held-out' };
/** The agent each tool category is sent to, so that a routing miss counts in routing only. */
const CATEGORY_AGENT = { legal: 'legal', receipts: 'finance' };
const ASSET_TYPE = { legal: 'legal_analysis', receipts: 'receipt' };

/** The tools a plan's step may be expected to call; `null` is none (the general agent's work). */
const STEP_TOOLS = new Set([
  'format_post',
  'generate_outline',
  'generate_image',
  'format_script',
  'format_reel',
  'generate_thumbnail_concept',
  'analyze_legal_document',
  'extract_receipt_data',
  null,
]);

/** The agents a route or a plan's step may be expected to go to; the general agent is "general", never null. */
const AGENTS = new Set(['general', 'social', 'video', 'legal', 'finance']);

/**
 * A case written wrong fails as a set error, not as the model's: a step's expected tool must be one of STEP_TOOLS (a
 * writer's "null" in quotes once scored seven correct plans as wrong), and an expected agent one of AGENTS (a writer's
 * null for the general agent once scored eight correct answers as wrong).
 */
export function assertWellFormed(category, item) {
  for (const step of category === 'planning' ? (item.expect?.steps ?? []) : []) {
    if (step.tool !== undefined && !STEP_TOOLS.has(step.tool)) throw new Error(`${item.id}: expected tool ${JSON.stringify(step.tool)} is no tool`);
    if (step.agent !== undefined && !AGENTS.has(step.agent)) throw new Error(`${item.id}: expected agent ${JSON.stringify(step.agent)} is no agent`);
  }
  if (category === 'routing' && !AGENTS.has(item.expect?.agent)) throw new Error(`${item.id}: expected agent ${JSON.stringify(item.expect?.agent)} is no agent`);
}

/** The case files present in a directory: { legal: [...], receipts: [...], ... }. */
export function loadCases(directory) {
  const cases = {};
  for (const category of CATEGORIES) {
    const file = join(directory, `${category}.json`);
    if (!existsSync(file)) continue;
    cases[category] = JSON.parse(readFileSync(file, 'utf8'));
    for (const item of cases[category]) assertWellFormed(category, item);
  }
  return cases;
}

/** Both sets' cases: { development: { legal: [...], ... }, heldOut: { ... } }. */
export function loadSets(directory) {
  return Object.fromEntries(Object.entries(SETS).map(([set, folder]) => [set, loadCases(join(directory, folder))]));
}

/** A client for one new user of the service at baseUrl; waits out 429s as a polite client would. */
export async function connect(baseUrl) {
  const email = `eval-${randomUUID()}@example.com`;
  const registered = await request(baseUrl, 'POST', '/api/auth/register', undefined, {
    email,
    password: 'evaluation set password 1',
    name: 'Evaluation',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const { accessToken } = await registered.json();
  return (method, path, body) => request(baseUrl, method, path, accessToken, body);
}

async function request(baseUrl, method, path, token, body) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status !== 429 || attempt >= 5) return response;
    await response.arrayBuffer();
    const wait = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.min(60, Math.max(1, wait)) * 1000));
  }
}

/** Sends one user message; returns the answering agent, the tools it called and the assets the reply saved. */
async function chat(call, text, agentId) {
  const message = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] };
  const response = await call('POST', '/api/assistant/router', { messages: [message], ...(agentId ? { agentId } : {}) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`router answered ${response.status}: ${body.slice(0, 200)}`);
  const conversationId = response.headers.get('x-conversation-id');
  let agent;
  const tools = [];
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const chunk = JSON.parse(line.slice(6));
    agent = chunk.messageMetadata?.agentId ?? agent;
    if (chunk.type === 'tool-input-start') tools.push(chunk.toolName);
  }
  const assets = await (await call('GET', `/api/assets?conversationId=${encodeURIComponent(conversationId)}`)).json();
  return { agent, tools, assets };
}

const same = (a, b) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();
const near = (a, b) => typeof a === 'number' && Math.abs(a - b) < 0.005;

/** Each scorer returns the list of what differs from the expectation; empty means the case passed. */
const SCORERS = {
  async legal(call, item) {
    const { assets } = await chat(call, item.message, CATEGORY_AGENT.legal);
    const asset = assets.find((entry) => entry.type === ASSET_TYPE.legal);
    if (!asset) return ['no legal_analysis asset'];
    const found = new Map((asset.metadata.risks ?? []).map((risk) => [risk.category, risk.severity]));
    const expected = new Map(item.expect.risks.map((risk) => [risk.category, risk.severity]));
    const problems = [];
    for (const [category, severity] of expected) {
      if (!found.has(category)) problems.push(`missed ${category}`);
      else if (found.get(category) !== severity) problems.push(`${category}: ${found.get(category)}, expected ${severity}`);
    }
    for (const [category, severity] of found) if (!expected.has(category)) problems.push(`unexpected ${category} (${severity})`);
    return problems;
  },

  async receipts(call, item) {
    const { assets } = await chat(call, item.message, CATEGORY_AGENT.receipts);
    const asset = assets.find((entry) => entry.type === ASSET_TYPE.receipts);
    if (!asset) return ['no receipt asset'];
    const { metadata } = asset;
    // The merchant is the Markdown's heading ("# Corner Cafe"; "# Receipt" when none was found).
    const merchant = /^# (.+)$/m.exec(asset.content)?.[1]?.replace(/\\\|/g, '|');
    const problems = [];
    if (!near(metadata.total, item.expect.total)) problems.push(`total ${metadata.total}, expected ${item.expect.total}`);
    if (metadata.currency !== item.expect.currency) problems.push(`currency ${metadata.currency}, expected ${item.expect.currency}`);
    if (metadata.itemCount !== item.expect.itemCount) problems.push(`itemCount ${metadata.itemCount}, expected ${item.expect.itemCount}`);
    if (!same(merchant, item.expect.merchant)) problems.push(`merchant "${merchant}", expected "${item.expect.merchant}"`);
    const flagged = metadata.totalMismatch !== undefined;
    if (flagged !== Boolean(item.expect.totalMismatch)) problems.push(`totalMismatch ${flagged ? 'flagged' : 'not flagged'}`);
    return problems;
  },

  async routing(call, item) {
    const { agent, assets } = await chat(call, item.message);
    const problems = [];
    if (agent !== item.expect.agent) problems.push(`agent ${agent}, expected ${item.expect.agent}`);
    const types = assets.map((asset) => asset.type);
    const expectedType = item.expect.assetType ?? null;
    if (expectedType === null ? types.length > 0 : !types.includes(expectedType)) {
      problems.push(`assets [${types.join(', ')}], expected ${expectedType ?? 'none'}`);
    }
    return problems;
  },

  async planning(call, item) {
    const plan = await createWorkflow(call, item.goal);
    if (typeof plan === 'string') return [plan];
    const { steps } = plan;
    const expected = item.expect.steps ?? [];
    const problems = [];
    if (steps.length !== expected.length) problems.push(`${steps.length} steps, expected ${expected.length}`);
    for (const [index, want] of expected.entries()) {
      const step = steps[index];
      if (!step) continue;
      if (want.agent !== undefined && step.agentId !== want.agent) problems.push(`step ${index + 1}: agent ${step.agentId}, expected ${want.agent}`);
      if (want.requiresApproval !== undefined && Boolean(step.requiresApproval) !== want.requiresApproval) {
        problems.push(`step ${index + 1}: requiresApproval ${Boolean(step.requiresApproval)}, expected ${want.requiresApproval}`);
      }
      if (want.tool !== undefined) problems.push(...(await stepToolProblems(call, step, want.tool, index)));
    }
    for (const [index, step] of steps.entries()) {
      for (const garbled of garblingProblems(step.description, item.goal)) problems.push(`step ${index + 1}: "${step.description}" ${garbled}`);
    }
    if (item.expect.schedule !== undefined) problems.push(...scheduleProblems(plan.schedule, item.expect.schedule));
    return problems;
  },

  /** A goal with a recurrence: the workflow's cron, or none where cron cannot say it (`reason`). */
  async schedules(call, item) {
    const plan = await createWorkflow(call, item.goal);
    if (typeof plan === 'string') return [plan];
    return scheduleProblems(plan.schedule, item.expect.schedule);
  },
};

/** Plans a workflow for a goal; returns its steps and schedule, or why it could not. */
async function createWorkflow(call, goal) {
  const response = await call('POST', '/api/workflows', { goal });
  const body = await response.json();
  if (response.status !== 201) return `POST /api/workflows answered ${response.status}: ${body.message}`;
  // The creation response has the spec's fields; the stored workflow has the rest (the schedule).
  const stored = await (await call('GET', `/api/workflows/${body.workflowId}`)).json();
  const storedSteps = stored.workflowSteps ?? [];
  const steps = (body.steps ?? []).map((step, index) => ({ ...storedSteps[index], ...step }));
  return { steps, schedule: body.schedule ?? body.suggestedSchedule ?? stored.schedule ?? null };
}

function scheduleProblems(schedule, expected) {
  return (schedule ?? null) === (expected ?? null) ? [] : [`schedule ${schedule}, expected ${expected}`];
}

/**
 * A plan names each step's agent and says what to do in its description; the tool is chosen when
 * the step runs, by the agent reading the description. So the description is scored by what it
 * makes the agent do: sent to the step's agent as its instruction (as a run sends it), it must
 * make that agent call the expected tool (`null`: none), and no other. A description that names
 * the wrong deliverable, or none, fails however it is worded; one worded differently passes.
 */
async function stepToolProblems(call, step, expectedTool, index) {
  if (!String(step.description ?? '').trim()) return [`step ${index + 1}: no description`];
  const { tools } = await chat(call, step.description, step.agentId);
  const expectedTools = expectedTool === null ? [] : [expectedTool];
  if (tools.join() === expectedTools.join()) return [];
  return [`step ${index + 1}: "${step.description}" calls [${tools.join(', ')}], expected ${expectedTool ?? 'no tool'}`];
}

/**
 * Scores every case of every category present; returns { category: { score, passed, total,
 * failures: [{ id, problems }] } }. Cases run one after another: the set measures quality, not load.
 */
export async function runEval(baseUrl, cases, { categories = Object.keys(cases) } = {}) {
  const call = await connect(baseUrl);
  const results = {};
  for (const category of categories) {
    const failures = [];
    for (const item of cases[category] ?? []) {
      let problems;
      try {
        problems = await SCORERS[category](call, item);
      } catch (error) {
        problems = [`error: ${error instanceof Error ? error.message : String(error)}`];
      }
      if (problems.length > 0) failures.push({ id: item.id, problems });
    }
    const total = (cases[category] ?? []).length;
    results[category] = { score: total === 0 ? 0 : round((total - failures.length) / total), passed: total - failures.length, total, failures };
  }
  return results;
}

const round = (value) => Math.floor(value * 1000) / 1000;

/** Scores each set: { development: results, heldOut: results } (results as runEval's). */
export async function runSets(baseUrl, sets, options) {
  const scored = {};
  for (const [set, cases] of Object.entries(sets)) scored[set] = await runEval(baseUrl, cases, options);
  return scored;
}

/** Both sets' scores side by side, one row per category, then each failing case and why. */
export function formatResults(scored) {
  const sets = Object.keys(scored);
  const categories = [...new Set(sets.flatMap((set) => Object.keys(scored[set])))];
  const cell = (result) => (result ? `${result.score.toFixed(3)} ${`${result.passed}/${result.total}`.padEnd(7)}` : '–'.padEnd(13));
  const lines = [`${'category'.padEnd(10)} ${sets.map((set) => set.padEnd(13)).join(' ')}`];
  for (const category of categories) lines.push(`${category.padEnd(10)} ${sets.map((set) => cell(scored[set][category])).join(' ')}`);
  for (const set of sets) {
    for (const [category, result] of Object.entries(scored[set])) {
      for (const failure of result.failures) lines.push(`  ✗ ${set}/${category}/${failure.id}: ${failure.problems.join('; ')}`);
    }
  }
  return lines.join('\n');
}

/** The categories of each set that score below their floor: [{ set, category, score, floor }]. */
export function belowFloor(scored, floor) {
  return Object.entries(floor).flatMap(([set, floors]) =>
    Object.entries(floors)
      .filter(([category, value]) => (scored[set]?.[category]?.score ?? 0) < value)
      .map(([category, value]) => ({ set, category, score: scored[set]?.[category]?.score, floor: value })),
  );
}
