import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { stepHeader, stepHeaderText } from './run-steps';

const context = (kind: string, text: string): UIMessage['parts'][number] => ({ type: 'text', text, providerMetadata: { offline: { context: kind } } });

describe('stepHeader', () => {
  it("reads a run's step prompt as its position and instruction, leaving out every context part", () => {
    const header = stepHeader({
      role: 'user',
      parts: [
        { type: 'text', text: 'Write a LinkedIn post for each' },
        context('workflow', '\n\n(Step 2 of 3 of the workflow "Our week". Goal: three posts)'),
        context('feedback', '\nA reviewer rejected the previous attempt of this step with this feedback: shorter'),
        context('workflow', '\nEarlier steps:'),
        context('earlier-step', 'Step 1 (Research) produced:\nthree trends'),
      ],
    });
    expect(header).toEqual({ step: 2, of: 3, instruction: 'Write a LinkedIn post for each' });
    expect(stepHeaderText(header!, 'social')).toBe('Step 2 of 3 · social · Write a LinkedIn post for each');
    expect(stepHeaderText(header!, undefined)).toBe('Step 2 of 3 · Write a LinkedIn post for each');
  });

  it("leaves a person's message alone, even one that quotes a step's wording, and every reply", () => {
    expect(stepHeader({ role: 'user', parts: [{ type: 'text', text: '(Step 2 of 3 of the workflow "x". Goal: y)' }] })).toBeUndefined();
    expect(stepHeader({ role: 'assistant', parts: [context('workflow', '(Step 1 of 1 of the workflow "x". Goal: y)')] })).toBeUndefined();
    expect(stepHeader({ role: 'user', parts: [context('earlier-step', '(Step 1 of 1 of the workflow "x")')] })).toBeUndefined();
  });
});
