import { readFileSync } from 'node:fs';
import { planWorkflow } from './workflow-planner.js';
import { matchIntent } from './intents.js';
import { analyzeDocument } from '../../assistant/tools/analyze-legal-document.tool.js';

it('prints', () => {
  const plan = JSON.parse(readFileSync('test/eval/development/planning.json', 'utf8')) as { id: string; goal: string; expect: { steps: { agent: string; tool: string | null; requiresApproval: boolean }[] } }[];
  const out: string[] = [];
  for (const c of plan) {
    const p = planWorkflow(c.goal);
    const got = p.steps.map((s) => `${s.agentId}/${matchIntent(s.description)?.tool ?? null}/${s.requiresApproval}`).join(' ');
    const want = c.expect.steps.map((s) => `${s.agent}/${s.tool}/${s.requiresApproval}`).join(' ');
    out.push(`${got === want ? 'OK ' : 'BAD'} ${c.id}\n  want ${want}\n  got  ${got}\n${p.steps.map((s) => `    - ${s.description}`).join('\n')}`);
  }
  const legal = JSON.parse(readFileSync('test/eval/development/legal.json', 'utf8')) as { id: string; message: string; expect: { risks: { category: string; severity: string }[] } }[];
  for (const c of legal) {
    const doc = c.message.includes('\n') ? c.message.split('\n').slice(1).join('\n') : c.message;
    const a = analyzeDocument(doc);
    const got = a.risks.map((r) => `${r.id}:${r.severity}`).sort().join(' ');
    const want = c.expect.risks.map((r) => `${r.category}:${r.severity}`).sort().join(' ');
    out.push(`${got === want ? 'OK ' : 'BAD'} ${c.id}\n  want ${want}\n  got  ${got}`);
  }
  console.log(out.join('\n'));
});
