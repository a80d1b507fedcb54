import { useEffect, useState } from 'react';
import type { AssetResponse } from '../api/types';
import { conversationHistory, listConversations as fetchConversations } from '../chat/api';

/**
 * The workflow a run belongs to, by its conversation: an asset carries its run's id and
 * conversation but not the workflow, and each run has a conversation naming it. One conversation
 * list answers every card on a page; a conversation beyond the list is looked up on its own.
 */
const workflowOfConversation = new Map<string, string | null>();
let listing: Promise<void> | undefined;

function listConversations(): Promise<void> {
  listing ??= fetchConversations()
    .then((conversations) => {
      for (const conversation of conversations) workflowOfConversation.set(conversation.id, conversation.workflowRun?.workflow.id ?? null);
    })
    .finally(() => {
      listing = undefined;
    });
  return listing;
}

async function workflowOf(conversationId: string): Promise<string | null> {
  if (!workflowOfConversation.has(conversationId)) await listConversations();
  if (!workflowOfConversation.has(conversationId)) {
    const history = await conversationHistory(conversationId);
    workflowOfConversation.set(conversationId, history.conversation.workflowRun?.workflow.id ?? null);
  }
  return workflowOfConversation.get(conversationId) ?? null;
}

/** The workflow id of the run that made the asset; undefined while unknown or when it did not come from a run. */
export function useRunWorkflowId(asset: AssetResponse): string | undefined {
  const { runId, conversationId } = asset;
  const known = conversationId === null ? undefined : workflowOfConversation.get(conversationId);
  const [workflowId, setWorkflowId] = useState<string | undefined>(known ?? undefined);

  useEffect(() => {
    if (runId === null || conversationId === null) return;
    let current = true;
    workflowOf(conversationId).then(
      (id) => current && setWorkflowId(id ?? undefined),
      // Without it the run is named but not linked; the asset itself is still shown.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [runId, conversationId]);

  return runId === null ? undefined : workflowId;
}
