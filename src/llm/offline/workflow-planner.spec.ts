import { planWorkflow } from './workflow-planner.js';

describe('planWorkflow', () => {
  it('splits sentences and "then" into steps, routing each by its wording', () => {
    const plan = planWorkflow('Outline a LinkedIn post about our launch, then write the post. Make an image for it and have the team review it before publishing.');
    expect(plan.title).toBe('Outline a LinkedIn post about our launch, then write the post');
    expect(plan.steps).toEqual([
      { description: 'Outline a LinkedIn post about our launch', agentId: 'social', requiresApproval: false },
      { description: 'Write the post', agentId: 'social', requiresApproval: false },
      { description: 'Make an image for it and have the team review it before publishing', agentId: 'social', requiresApproval: true },
    ]);
  });

  it('reads numbered and bulleted lists', () => {
    const plan = planWorkflow('Weekly video\n1. Write a YouTube script about testing\n2) Suggest thumbnail concepts\n- Publish after approval');
    expect(plan.steps.map((step) => [step.description, step.agentId, step.requiresApproval])).toEqual([
      ['Weekly video', 'general', false],
      ['Write a YouTube script about testing', 'video', false],
      ['Suggest thumbnail concepts', 'video', false],
      ['Publish after approval', 'general', true],
    ]);
  });

  it('keeps a one-sentence goal as one step and caps plans at 20 steps', () => {
    expect(planWorkflow('Review the vendor contract').steps).toEqual([
      { description: 'Review the vendor contract', agentId: 'legal', requiresApproval: true },
    ]);
    const long = Array.from({ length: 30 }, (_, i) => `Step number ${i + 1}.`).join(' ');
    expect(planWorkflow(long).steps).toHaveLength(20);
  });

  it('shortens long titles at a word boundary', () => {
    const plan = planWorkflow(`${'word '.repeat(40)}end`);
    expect(plan.title.length).toBeLessThanOrEqual(80);
    expect(plan.title.endsWith('…')).toBe(true);
  });
});
