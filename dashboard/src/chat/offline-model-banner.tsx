import { Link } from 'wouter';

/** The built-in demo model's id (src/llm/model-registry.service.ts). */
const OFFLINE_MODEL = 'offline';

/**
 * Says so while the offline model answers (the model picked, else the deployment's default): its
 * replies make assets but are not real writing, and a newcomer should know how to get a real model.
 */
export function OfflineModelBanner({ modelId }: { modelId: string | undefined }) {
  if (modelId !== OFFLINE_MODEL) return null;
  return (
    <p className="chat-demo-banner" role="note">
      Demo model: set <code>OPENAI_API_KEY</code> — or any OpenAI-compatible server, e.g. a local Ollama — for real writing.{' '}
      <Link href="/connect-a-model">How to connect a model</Link>
    </p>
  );
}
