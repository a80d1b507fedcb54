import { suggestedPrompts } from './suggested-prompts';

/** An empty chat's first step: a few requests for the chosen agent (or one per agent); a click sends one. */
export function SuggestedPromptList({ agentId, onPick }: { agentId: string; onPick: (text: string) => void }) {
  const prompts = suggestedPrompts(agentId);
  if (prompts.length === 0) return null;
  return (
    <ul className="chat-suggestions" aria-label="Suggested prompts">
      {prompts.map((prompt) => (
        <li key={prompt.text}>
          <button type="button" className="chat-suggestion" onClick={() => onPick(prompt.text)}>
            {prompt.text}
          </button>
        </li>
      ))}
    </ul>
  );
}
