/**
 * A message's text parts that are context, not the request: a workflow step's framing, a
 * reviewer's note, an earlier step's output. Marked by provider metadata under the offline model's name
 * (other providers ignore it and read the text as usual), so the offline model never mistakes
 * them for what is asked, whatever they say.
 */
export type ContextKind = 'workflow' | 'feedback' | 'earlier-step';
export interface ContextTextPart {
  type: 'text';
  text: string;
  providerMetadata: { offline: { context: ContextKind } };
}
export function contextPart(context: ContextKind, text: string): ContextTextPart {
  return { type: 'text', text, providerMetadata: { offline: { context } } };
}
