import type { ModelsResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { listAgents } from './api';
import type { ChatChoices } from './use-router-chat';

interface ChatOptionsProps {
  choices: ChatChoices;
  onChange: (choices: ChatChoices) => void;
  /** GET /api/assistant/models; undefined while it loads. */
  models: ModelsResponse | undefined;
}

/** Which agent answers the next message and with which model; "Automatic" lets the router choose. */
export function ChatOptions({ choices, onChange, models }: ChatOptionsProps) {
  const agents = useApi(listAgents, []);
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
          <option value="">Agent default ({models?.defaultModel ?? '…'})</option>
          {models?.models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
