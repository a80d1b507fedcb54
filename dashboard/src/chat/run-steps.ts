import type { UIMessage } from 'ai';

/** A workflow step's prompt as its run shows it: "Step 2 of 3 · Social · Write a LinkedIn post for each". */
export interface StepHeader {
  step: number;
  of: number;
  /** The step's own instruction, without the context the run added for the model. */
  instruction: string;
}

// The run executor marks its context parts (the workflow, earlier steps, a reviewer's note) with
// providerMetadata.offline.context; the step number is in the 'workflow' one (src/runs/run-executor.service.ts).
const STEP_OF = /^\s*\(Step (\d+) of (\d+) of the workflow /;

function contextKind(part: UIMessage['parts'][number]): string | undefined {
  if (part.type !== 'text') return undefined;
  const offline = (part.providerMetadata as { offline?: { context?: unknown } } | undefined)?.offline;
  return typeof offline?.context === 'string' ? offline.context : undefined;
}

/** The step header of a run's step prompt, or undefined for any other message (a person's own message included). */
export function stepHeader(message: Pick<UIMessage, 'role' | 'parts'>): StepHeader | undefined {
  if (message.role !== 'user') return undefined;
  let position: RegExpExecArray | null = null;
  const instruction: string[] = [];
  for (const part of message.parts) {
    if (part.type !== 'text') continue;
    const kind = contextKind(part);
    if (kind === undefined) instruction.push(part.text);
    else if (kind === 'workflow') position ??= STEP_OF.exec(part.text);
  }
  if (!position) return undefined;
  return { step: Number(position[1]), of: Number(position[2]), instruction: instruction.join('').trim() };
}

/** The header's line; the agent that answered the step, when known, names it. */
export function stepHeaderText(header: StepHeader, agent: string | undefined): string {
  return [`Step ${header.step} of ${header.of}`, agent, header.instruction].filter(Boolean).join(' · ');
}
