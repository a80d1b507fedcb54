// @ts-expect-error: plain JavaScript shared with the command-line runner, typed by its use here.
import { assertWellFormed } from './eval-core.mjs';

// The shape check of a case on its own (no server): named .e2e-spec.ts only so that the `app` project picks it up.
const check = (category: string, item: unknown) => () => (assertWellFormed as (category: string, item: unknown) => void)(category, item);

describe('the shape of an evaluation case', () => {
  it('accepts the general agent by its name and a step with no tool', () => {
    expect(check('routing', { id: 'r', expect: { agent: 'general', assetType: null } })).not.toThrow();
    expect(check('planning', { id: 'p', expect: { steps: [{ agent: 'general', tool: null, requiresApproval: false }] } })).not.toThrow();
  });

  it('refuses an agent or a tool that is none: null for the general agent, "null" in quotes for no tool', () => {
    expect(check('routing', { id: 'r', expect: { agent: null, assetType: null } })).toThrow(/r: expected agent null is no agent/);
    expect(check('planning', { id: 'p', expect: { steps: [{ agent: null, tool: null, requiresApproval: false }] } })).toThrow(/p: expected agent null is no agent/);
    expect(check('planning', { id: 'q', expect: { steps: [{ agent: 'general', tool: 'null', requiresApproval: false }] } })).toThrow(/q: expected tool "null" is no tool/);
  });
});
