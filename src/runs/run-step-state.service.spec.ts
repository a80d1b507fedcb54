import { canMove, STEP_STATUSES, type StepStatus } from './run-step-state.service.js';

/** The step state table as the doc comment of RunStepStateService writes it down. */
const ALLOWED: [StepStatus, StepStatus][] = [
  ['running', 'completed'],
  ['running', 'awaiting_approval'],
  ['awaiting_approval', 'completed'],
  ['awaiting_approval', 'running'],
  ['awaiting_approval', 'cancelled'],
];

describe('the step state table', () => {
  const pairs = STEP_STATUSES.flatMap((from) => STEP_STATUSES.map((to) => [from, to] as const));

  it('knows the four states a checkpoint is in', () => {
    expect([...STEP_STATUSES].sort()).toEqual(['awaiting_approval', 'cancelled', 'completed', 'running']);
  });

  it('cancels only a step awaiting approval (its run stopped), and never leaves cancelled', () => {
    expect(STEP_STATUSES.filter((from) => canMove(from, 'cancelled'))).toEqual(['awaiting_approval']);
    for (const to of STEP_STATUSES) expect(canMove('cancelled', to)).toBe(false);
  });

  it.each(pairs)('%s → %s is allowed exactly when the table lists it', (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED.some(([allowedFrom, allowedTo]) => allowedFrom === from && allowedTo === to));
  });

  it('never leaves completed: a finished step is not run again', () => {
    for (const to of STEP_STATUSES) expect(canMove('completed', to)).toBe(false);
  });

  it('never moves a step to the state it is in: a redo is awaiting_approval → running at the next attempt', () => {
    for (const status of STEP_STATUSES) expect(canMove(status, status)).toBe(false);
  });
});
