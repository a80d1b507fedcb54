import { useState } from 'react';
import { agentLabel } from '../api/agents';
import type { TeamResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { useCan } from '../session/session';
import { listAgentToolApprovals, setAgentToolApprovals } from './api';

type AgentToolApprovals = Awaited<ReturnType<typeof listAgentToolApprovals>>[number];

/**
 * Which of each agent's built-in tools need a person's approval before each call (none by default):
 * a chat then asks the user, a workflow run pauses for a decision. Everyone reads it; owners and admins change it.
 */
export function ToolApprovalsSection({ team }: { team: TeamResponse }) {
  const agents = useApi(() => listAgentToolApprovals(team.id), [team.id]);
  const canChange = useCan()('team.tool_approvals');
  const save = useAction();
  const [saved, setSaved] = useState<string>();
  // The list being saved, shown at once; the server's answer replaces it (or, refused, the old list shows again).
  const [pending, setPending] = useState<{ agentId: string; approvalTools: string[] }>();
  const approvalToolsOf = (agent: AgentToolApprovals) => (pending?.agentId === agent.agentId ? pending.approvalTools : agent.approvalTools);

  async function toggle(agent: AgentToolApprovals, tool: string, needsApproval: boolean) {
    setSaved(undefined);
    const approvalTools = agent.tools.filter((candidate) => (candidate === tool ? needsApproval : agent.approvalTools.includes(candidate)));
    setPending({ agentId: agent.agentId, approvalTools });
    const ok = await save.run(() => setAgentToolApprovals(team.id, agent.agentId, approvalTools));
    if (ok) await agents.reload();
    setPending(undefined);
    if (ok) setSaved(`Saved: ${agent.agentId} asks before ${approvalTools.length > 0 ? approvalTools.join(', ') : 'no tool'}`);
  }

  return (
    <section className="card stack" aria-labelledby="tool-approvals-heading">
      <div>
        <h2 id="tool-approvals-heading">Tools that need approval</h2>
        <p className="muted">
          A ticked tool waits for a person before each call: a chat asks you, a workflow run pauses and mails its approvers. An MCP server's tools are marked when the server is registered.
        </p>
        {!canChange && <p className="muted">Only the team's owners and admins change this.</p>}
      </div>
      <ErrorMessage error={agents.error ?? save.error} />
      {agents.data && (
        <div className="tool-approvals">
          {agents.data
            .filter((agent) => agent.tools.length > 0)
            .map((agent) => (
              <fieldset key={agent.agentId} disabled={!canChange || save.busy}>
                <legend>{agentLabel(agent.agentId)}</legend>
                {agent.tools.map((tool) => (
                  <label key={tool} className="checkbox">
                    <input
                      type="checkbox"
                      aria-label={`${tool} (${agent.agentId})`}
                      checked={approvalToolsOf(agent).includes(tool)}
                      onChange={(event) => void toggle(agent, tool, event.target.checked)}
                    />
                    <code>{tool}</code>
                  </label>
                ))}
              </fieldset>
            ))}
        </div>
      )}
      {saved && (
        <p role="status" className="ok">
          {saved}
        </p>
      )}
    </section>
  );
}
