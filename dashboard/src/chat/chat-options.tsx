import { useApi } from '../api/use-api';
import { listAgents, listModels } from './api';
import type { ChatChoices } from './use-router-chat';

/** Which agent answers the next message and with which model; "Automatic" lets the router choose. */
export function ChatOptions({ choices, onChange }: { choices: ChatChoices; onChange: (choices: ChatChoices) => void }) {
  const agents = useApi(listAgents, []);
  const models = useApi(listModels, []);
  return (
    <div className="chat-options">
      <label>
        Agent
        <select value={choices.agentId} onChange={(event) => onChange({ ...choices, agentId: event.target.value })}>
          <option value="">Automatic</option>
          {agents.data?.map((agent) => (
            <option key={agent.id} value={agent.id} title={agent.description}>
              {agent.id} ({agent.niche})
            </option>
          ))}
        </select>
      </label>
      <label>
        Model
        <select value={choices.modelId} onChange={(event) => onChange({ ...choices, modelId: event.target.value })}>
          <option value="">Agent default ({models.data?.defaultModel ?? '…'})</option>
          {models.data?.models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
